import { expect, type APIRequestContext } from '@playwright/test';

/** API helpers of the lead search part 2 specs (labels, autopilots, workflows): set-up beside the browser. */
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createList(request: APIRequestContext, token: string, name: string, list_type = 'people'): Promise<number> {
  const response = await request.post('/api/campaigns', { headers: auth(token), data: { name, list_type } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { campaign: { id: number } }).campaign.id;
}

/** Adds people to a list by manual entry and returns their result ids. */
export async function addPeople(request: APIRequestContext, token: string, listId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const response = await request.post(`/api/people-results/${listId}/manual`, {
      headers: auth(token),
      data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { result: { id: number } }).result.id);
  }
  return ids;
}
