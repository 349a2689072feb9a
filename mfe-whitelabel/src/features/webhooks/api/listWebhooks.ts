import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';

export const WEBHOOK_EVENTS = ['subscription.created', 'subscription.updated', 'subscription.canceled', 'subscription.refunded', 'subscription.restored', 'subscription.reactivated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Spec §3 Webhook: name, URL, subscription events, secret (`last_status`: the last delivery's HTTP status, or why it failed). */
export type Webhook = ApiResponse<'/api/whitelabel/webhooks', 'get'>['data'][number];

export const WEBHOOK_PAGE_SIZE = 20;
export const webhookKeys = { all: ['whitelabel', 'webhooks'] as const, list: (page: number) => ['whitelabel', 'webhooks', 'list', page] as const };

export async function listWebhooks(page: number, signal?: AbortSignal): Promise<PageOf<Webhook>> {
  const { data } = await apiClient.get<PageOf<Webhook>>('/api/whitelabel/webhooks', { params: { page, pageSize: WEBHOOK_PAGE_SIZE }, signal });
  return data;
}

export const webhooksQueryOptions = (page: number) => queryOptions({ queryKey: webhookKeys.list(page), queryFn: ({ signal }) => listWebhooks(page, signal), placeholderData: keepPreviousData });

export const useWebhooks = (page: number) => useQuery(webhooksQueryOptions(page));
