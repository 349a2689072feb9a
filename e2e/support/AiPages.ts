import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken } from './session';

let counter = 0;

/**
 * A new reseller with ai_suggest and leads, created through the admin API, so the AI specs can
 * complete a business profile without touching the shared demo accounts.
 */
export async function createAiReseller(
  request: APIRequestContext,
): Promise<{ email: string; password: string; token: string }> {
  counter += 1;
  const adminToken = await apiToken(request, 'admin');
  const email = `ai-reseller-${process.pid}-${Date.now()}-${counter}@leadsmith.test`;
  const password = 'ai-reseller-pass';
  const created = await request.post('/api/admin/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      email,
      password,
      first_name: 'Ada',
      last_name: 'Reseller',
      user_type: 'reseller',
      modules: ['leads', 'ai_suggest', 'whitelabel', 'wallet'],
      search_limit: 1000,
    },
  });
  expect(created.status(), `create ${email}`).toBe(201);
  return { email, password, token: await apiToken(request, { email, password }) };
}

/** Page objects of the AI area. */
export class AiPages {
  constructor(readonly page: Page) {}

  get profileRequired(): Locator {
    return this.page.getByTestId('ai-profile-required');
  }

  get engine(): Locator {
    return this.page.getByTestId('ai-engine');
  }

  source(kind: 'profile' | 'websites' | 'links' | 'texts' | 'qa' | 'files'): Locator {
    return this.page.getByTestId(`ai-source-${kind}`);
  }

  get suggestions(): Locator {
    return this.page.getByTestId('ai-icp-suggestion');
  }

  suggestion(title: string): Locator {
    return this.page.getByRole('listitem', { name: title });
  }
}
