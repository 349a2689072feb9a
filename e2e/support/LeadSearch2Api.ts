import type { APIRequestContext } from '@playwright/test';
import type { ApiBody } from '../../shared/src/api/contract';
import { api } from './api';

type ListType = ApiBody<'/api/campaigns', 'post'>['list_type'];

/** API helpers of the lead search part 2 specs (labels, autopilots, workflows): set-up beside the browser. */
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createList(
  request: APIRequestContext,
  token: string,
  name: string,
  list_type: ListType = 'people',
): Promise<number> {
  const { campaign } = await api(request).post('/api/campaigns', {
    headers: auth(token),
    data: { name, list_type },
    status: 201,
  });
  return campaign.id;
}

/** Adds people to a list by manual entry and returns their result ids. */
export async function addPeople(
  request: APIRequestContext,
  token: string,
  listId: number,
  names: string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const { result } = await api(request).post('/api/people-results/{id}/manual', {
      path: { id: listId },
      headers: auth(token),
      data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` },
      status: 201,
    });
    ids.push(result.id);
  }
  return ids;
}
