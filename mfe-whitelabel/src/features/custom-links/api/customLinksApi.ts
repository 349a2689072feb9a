import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { type ResourceApi } from '@leadsmith/shared/resource';

/** Spec §3 Custom link: shown in the side menu of the reseller's customers. */
export type CustomLink = ApiResponse<'/api/whitelabel/custom-links', 'get'>['data'][number];
type CustomLinkInput = ApiBody<'/api/whitelabel/custom-links', 'post'>;

/** The custom links' routes, for the list kit (the body is the form's fields, see customLinkResource). */
export const customLinksApi: ResourceApi<CustomLink> = {
  key: ['whitelabel', 'custom-links'],
  list: ({ page, pageSize }, signal) =>
    api.get('/api/whitelabel/custom-links', { query: { page, pageSize }, config: { signal } }),
  save: async (id, input) =>
    (id
      ? await api.put('/api/whitelabel/custom-links/{id}', { path: { id }, body: input as CustomLinkInput })
      : await api.post('/api/whitelabel/custom-links', { body: input as CustomLinkInput })
    ).data,
  remove: async (id) => {
    await api.delete('/api/whitelabel/custom-links/{id}', { path: { id } });
  },
};
