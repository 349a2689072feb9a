import { useMutation } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type PersonErasure = ApiResponse<'/api/admin/privacy/erase-person', 'post'>;

/** POST /api/admin/privacy/erase-person: removes the person from every account's lists and keeps them out of searches (the answer's message is toasted). */
export const useErasePerson = () =>
  useMutation({
    mutationFn: (email: string): Promise<PersonErasure> =>
      api.post('/api/admin/privacy/erase-person', { body: { email } }),
  });
