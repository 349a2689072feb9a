import { usageType, usageTypeSql } from '../src/credits/usageType';
import type { Db } from '../src/db';
import { fakeClock, openTestDb } from './helpers';

const REASONS = [
  'search:people:job:12',
  'search:local:job:3',
  'Search: people',
  ' search : company',
  'get-phones:list:3',
  'workflow:4:get-phones',
  'search:',
  'Additional credits from the reseller',
  'Package Starter',
  '12:odd',
  '',
];

describe('usage type of a ledger reason', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(fakeClock());
  }, 120_000);
  afterAll(() => db.close(), 60_000);

  test('the row rule names what was bought', () => {
    expect(REASONS.map(usageType)).toEqual([
      'people',
      'local',
      'people',
      'company',
      'get-phones',
      'workflow',
      'search',
      'other',
      'other',
      'other',
      'other',
    ]);
  });

  test('the SQL rule gives the same answer as the row rule for every reason', async () => {
    const { rows } = await db.query<{ reason: string; type: string }>(
      `SELECT r AS reason, ${usageTypeSql('r')} AS type FROM json_array_elements_text($1::json) WITH ORDINALITY AS e(r, i) ORDER BY i`,
      [JSON.stringify(REASONS)],
    );
    expect(rows.map((r) => r.type)).toEqual(REASONS.map(usageType));
  });
});
