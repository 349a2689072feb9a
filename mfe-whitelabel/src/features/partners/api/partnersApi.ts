import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { type ResourceApi } from '@leadsmith/shared/resource';

/** The reseller's referral partners. */
export type Partner = ApiResponse<'/api/whitelabel/partners/{id}', 'get'>;
type PartnerInput = ApiBody<'/api/whitelabel/partners', 'post'>;

/** The partners' routes, for the list kit (the body is the form's fields, see partnerResource). */
export const partnersApi: ResourceApi<Partner> = {
  key: ['whitelabel', 'partners'],
  list: ({ page, pageSize }, signal) =>
    api.get('/api/whitelabel/partners', { query: { page, pageSize }, config: { signal } }),
  get: (id, signal) => api.get('/api/whitelabel/partners/{id}', { path: { id }, config: { signal } }),
  save: async (id, input) =>
    (id
      ? await api.put('/api/whitelabel/partners/{id}', { path: { id }, body: input as PartnerInput })
      : await api.post('/api/whitelabel/partners', { body: input as PartnerInput })
    ).data,
  remove: async (id) => {
    await api.delete('/api/whitelabel/partners/{id}', { path: { id } });
  },
};
