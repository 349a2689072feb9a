import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { LinkKind } from './training-resources';

export interface CrawlJob {
  jobId: number;
  website: string;
  status: 'pending' | 'completed' | 'failed';
  links: { url: string; title: string }[];
}

/** POST website (crawl the site) or single-link (fetch one page): answers a pending job. */
export async function startCrawl({ kind, website }: { kind: LinkKind; website: string }): Promise<CrawlJob> {
  const path = kind === 'website' ? '/api/business-details/website' : '/api/business-details/single-link';
  return (await apiClient.post<CrawlJob>(path, { website }, { silent: true })).data;
}

export const useStartCrawl = () => useMutation({ mutationFn: startCrawl });
