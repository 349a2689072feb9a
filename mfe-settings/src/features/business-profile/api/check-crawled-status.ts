import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, CRAWL_POLL_INTERVAL_MS, type ApiResponse } from '@leadsmith/shared';

export type CrawlStatus = ApiResponse<'/api/business-details/check-crawled-status', 'get'>;

export const checkCrawledStatus = (jobId: number, website: string): Promise<CrawlStatus> =>
  api.get('/api/business-details/check-crawled-status', {
    query: { job_id: jobId, website },
    config: { silent: true },
  });

/** Polled every CRAWL_POLL_INTERVAL_MS (spec §4: 2 s) while the job is pending, then stops. */
export const crawlStatusQueryOptions = (jobId: number, website: string) =>
  queryOptions({
    queryKey: ['settings', 'crawl-status', jobId],
    queryFn: () => checkCrawledStatus(jobId, website),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || !query.state.data ? CRAWL_POLL_INTERVAL_MS : false,
  });

export const useCrawlStatus = (job: { jobId: number; website: string } | null) =>
  useQuery({ ...crawlStatusQueryOptions(job?.jobId ?? 0, job?.website ?? ''), enabled: job !== null });
