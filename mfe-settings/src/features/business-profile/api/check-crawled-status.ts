import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, CRAWL_POLL_INTERVAL_MS } from '@leadsmith/shared';

export interface CrawlStatus {
  jobId: number;
  website: string;
  status: 'pending' | 'completed' | 'failed';
  error: 'address_refused' | 'unreachable' | null;
  linksData: { url: string; title: string }[];
}

export async function checkCrawledStatus(jobId: number, website: string): Promise<CrawlStatus> {
  return (await apiClient.get<CrawlStatus>('/api/business-details/check-crawled-status', { params: { job_id: jobId, website }, silent: true })).data;
}

/** Polled every CRAWL_POLL_INTERVAL_MS (spec §4: 2 s) while the job is pending, then stops. */
export const crawlStatusQueryOptions = (jobId: number, website: string) =>
  queryOptions({
    queryKey: ['settings', 'crawl-status', jobId],
    queryFn: () => checkCrawledStatus(jobId, website),
    refetchInterval: (query) => (query.state.data?.status === 'pending' || !query.state.data ? CRAWL_POLL_INTERVAL_MS : false),
  });

export const useCrawlStatus = (job: { jobId: number; website: string } | null) =>
  useQuery({ ...crawlStatusQueryOptions(job?.jobId ?? 0, job?.website ?? ''), enabled: job !== null });
