import { expect, type APIRequestContext } from '@playwright/test';
import { api } from './api';
import { apiToken } from './session';

let counter = 0;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new account holding the leads module (admin API), so AI assistant specs own their prompts and business profile. */
export async function createAssistantUser(
  request: APIRequestContext,
): Promise<{ email: string; password: string; token: string }> {
  counter += 1;
  const adminToken = await apiToken(request, 'admin');
  const email = `assistant-${process.pid}-${Date.now()}-${counter}@leadsmith.test`;
  const password = 'assistant-pass';
  const created = await request.post('/api/admin/users', {
    headers: auth(adminToken),
    data: {
      email,
      password,
      first_name: 'Avery',
      last_name: 'Assistant',
      user_type: 'reseller',
      modules: ['leads'],
      search_limit: 1000,
    },
  });
  expect(created.status(), `create ${email}`).toBe(201);
  return { email, password, token: await apiToken(request, { email, password }) };
}

export const BUSINESS_PROFILE = {
  business_name: 'Brightline Digital',
  industry: 'Digital marketing agency',
  description: 'We run SEO and Google Ads campaigns.',
  target_audience: 'Small dentists and dental clinics',
  products_services: 'SEO audits and Google Ads management',
  unique_selling_points: 'Flat monthly fee',
  location: 'Austin, Texas',
};

export async function completeBusinessProfile(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/api/business-details/data', { headers: auth(token), data: BUSINESS_PROFILE });
  expect(response.status()).toBe(201);
}

/** A people list with one manual entry per name (company and position set); answers the list and result ids. */
export async function peopleListWith(
  request: APIRequestContext,
  token: string,
  name: string,
  people: string[],
): Promise<{ listId: number; resultIds: number[] }> {
  const listId = (
    await api(request).post('/api/campaigns', {
      headers: auth(token),
      data: { name, list_type: 'people' },
      status: 201,
    })
  ).campaign.id;
  const resultIds: number[] = [];
  for (const person of people) {
    const { result } = await api(request).post('/api/people-results/{id}/manual', {
      path: { id: listId },
      headers: auth(token),
      data: {
        name: person,
        email: `${person.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        company: 'Smile Dental',
        position: 'Practice Manager',
      },
      status: 201,
    });
    resultIds.push(result.id);
  }
  return { listId, resultIds };
}
