import { useMutation } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';
import type { LinkKind } from './training-resources';

export type CrawlJob = ApiResponse<'/api/business-details/website', 'post'>;

/** POST website (crawl the site) or single-link (fetch one page): answers a pending job. */
export async function startCrawl({ kind, website }: { kind: LinkKind; website: string }): Promise<CrawlJob> {
  const options = { body: { website }, config: { silent: true } };
  return kind === 'website'
    ? api.post('/api/business-details/website', options)
    : api.post('/api/business-details/single-link', options);
}

export const useStartCrawl = () => useMutation({ mutationFn: startCrawl });
