import type { ApiResponse } from '../../shared/src/api/contract';
import { COUNT_TTL_MS, filteredTotal } from '../src/modules/leadSearch/results.service';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

/**
 * What keeps a list of a million fast, proven on a small one (the figures are `npm run bench`'s, on
 * PostgreSQL): the search box is served by the trigram indexes, pages walk the list by keyset (after
 * or before an id) with the same rows OFFSET would give, and the CSV export streams every matching row.
 */
const ROWS = 5_000;
let ctx: TestContext;
let token: string;
let listId: number;

type ResultsPage = ApiResponse<'/api/people-results/{id}', 'post'>;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: 'Keyset list', list_type: 'people' },
  });
  listId = json<{ campaign: { id: number } }>(res).campaign.id;
  // Another list, bigger and written first (lower ids), so a plan that walks the table or its primary key
  // instead of the list's own indexes shows.
  const other = json<{ campaign: { id: number } }>(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(token),
      payload: { name: 'Other list', list_type: 'people' },
    }),
  ).campaign.id;
  await ctx.db.query(
    `INSERT INTO campaign_results (campaign_id, user_id, name, company, email, email_status)
     SELECT $1, $2, 'Other ' || g, 'Other company ' || (g % 50), 'other' || g || '@other.example', 'found' FROM generate_series(1, $3) AS g`,
    [other, userId, 4 * ROWS],
  );
  // Every 4th row has no email; names carry an accent so the export's encoding shows.
  await ctx.db.query(
    `INSERT INTO campaign_results (campaign_id, user_id, name, company, job_title, email, email_status)
     SELECT $1, $2, 'Person ' || g, 'Société ' || (g % 97), 'Role ' || (g % 31),
            CASE WHEN g % 4 = 0 THEN NULL ELSE 'person' || g || '@company' || (g % 97) || '.example' END,
            CASE WHEN g % 4 = 0 THEN 'not_found' ELSE 'found' END
       FROM generate_series(1, $3) AS g`,
    [listId, userId, ROWS],
  );
  await ctx.db.query('UPDATE campaigns SET result_count = $2 WHERE id = $1', [listId, ROWS]);
  await ctx.db.query('ANALYZE campaign_results');
}, 60_000);
afterAll(() => ctx.close());

const list = async (body: Record<string, unknown>) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/people-results/${listId}`,
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return json<ResultsPage>(res);
};

async function plan(sql: string, params: unknown[]): Promise<string> {
  const rows = (await ctx.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params as never)).rows;
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('search box', () => {
  it('finds contains, exact and starts-with matches in name, email, company and job title, case-insensitively', async () => {
    // Person 1234 (name), person1234@… (email).
    expect((await list({ search: 'person 1234', search_type: 'exact' })).data.map((r) => r.name)).toEqual([
      'Person 1234',
    ]);
    expect(
      (await list({ search: 'PERSON1234@company70.example', search_type: 'exact' })).data.map((r) => r.name),
    ).toEqual(['Person 1234']);
    // Person 4999 and Person 499 start with "Person 499"; so do 4990 … 4998.
    expect((await list({ search: 'Person 499', search_type: 'start' })).total).toBe(11);
    // Contains: "n 499" is in the name of the same 11, and "99@" in the email of 50 rows less those with no email.
    expect((await list({ search: 'n 499', search_type: 'contain' })).total).toBe(11);
    const byMail = await list({ search: '99@', search_type: 'contain', limit: 100 });
    expect(byMail.data.length).toBeGreaterThan(0);
    expect(byMail.data.every((r) => r.email?.includes('99@'))).toBe(true);
    expect((await list({ search: 'role 30', search_type: 'exact' })).total).toBe(Math.floor((ROWS - 30) / 31) + 1);
    expect((await list({ search: 'société 5', search_type: 'exact' })).total).toBe(Math.floor((ROWS - 5) / 97) + 1);
    // LIKE's wildcards in the search text are plain characters.
    expect((await list({ search: 'Person_1', search_type: 'start' })).total).toBe(0);
    expect((await list({ search: '%', search_type: 'contain' })).total).toBe(0);
  });

  it('is served by indexes in each of its forms (a scan of every row is what a million-row list cannot afford)', async () => {
    // On 25,000 rows reading the table is the cheaper plan, so it is ruled out here: what remains is whether
    // the indexes can answer each form at all. That the planner takes them for a list of 1,000,000 on
    // PostgreSQL is what `npm run bench` measures.
    const explain = (sql: string, params: unknown[]) =>
      ctx.db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        return (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params as never)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
    const columns = ['name', 'email', 'company', 'job_title'];
    // Contains: the trigram index of each column.
    const contains = await explain(
      `SELECT r.id FROM campaign_results r WHERE ${columns.map((c) => `r.${c} ILIKE $1`).join(' OR ')}`,
      ['%person 1234%'],
    );
    for (const column of columns)
      expect(contains).toContain(`Bitmap Index Scan on campaign_results_${column}_trgm_idx`);
    // Exact and starts with: the list's btree of lower(column), read from the text's first characters on.
    for (const [op, value] of [
      ['=', 'person 1234'],
      ['LIKE', 'person 123%'],
    ]) {
      const text = await explain(
        `SELECT r.id FROM campaign_results r WHERE r.campaign_id = $1 AND (${columns.map((c) => `lower(r.${c}) ${op} $2`).join(' OR ')})`,
        [listId, value],
      );
      // The name may be read off the name sort's btree (campaign_id, lower(name), id) as well: equally narrow for an
      // exact name, and for a prefix under the C collation (PGlite's).
      for (const column of columns)
        expect(text).toMatch(
          new RegExp(
            `Bitmap Index Scan on campaign_results_(${column}_prefix_idx${column === 'name' ? '|sort_name_idx' : ''})`,
          ),
        );
      expect(text).toMatch(/Index Cond: \(\(campaign_id = \d+\) AND \(lower\(name\) (=|~>=~|>=)/);
      expect(text).not.toMatch(/Seq Scan/);
    }
    expect(contains).not.toMatch(/Seq Scan/);
  });

  it('gives the planner estimate, marked, when counting a filtered list would cost more than its budget (PostgreSQL)', async () => {
    // A count that sleeps 50 ms (once) against a budget of 1 ms: PostgreSQL cancels it and answers the estimate;
    // PGlite has no statement timeout and counts.
    const where = {
      sql: 'r.campaign_id = $1 AND r.email IS NULL AND (SELECT pg_sleep(0.05)) IS NOT NULL',
      params: [listId],
    };
    const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    const answer = await filteredTotal(ctx.db, where, userId, 1);
    if (ctx.db.kind === 'postgres') {
      expect(answer.estimated).toBe(true);
      expect(answer.total).toBeGreaterThan(0);
    } else {
      expect(answer).toEqual({ total: ROWS / 4, capped: false, estimated: false });
    }
    // Another account's list counts nothing, whatever the filter.
    expect(await filteredTotal(ctx.db, { sql: 'r.campaign_id = $1', params: [listId] }, userId + 1000)).toEqual({
      total: 0,
      capped: false,
      estimated: false,
    });
  });

  it('plans a search for its text, never as a prepared statement reused for any text', async () => {
    // A prepared statement's generic plan guesses how many rows `name ILIKE $2` matches: on PostgreSQL it
    // walked a 1,000,000-row list row by row. Only statements whose parameters are all ids are prepared.
    const spy = jest.spyOn(ctx.db, 'queryPrepared');
    try {
      await list({ search: 'Person 12', search_type: 'start' });
      await list({ after: 10 });
      expect(spy.mock.calls.length).toBeGreaterThan(0);
      expect(spy.mock.calls.every(([, params]) => params.every((p) => typeof p === 'number'))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('keyset pages', () => {
  it('walks the list after and before an id with the rows OFFSET gives, and never repeats or skips a row', async () => {
    const limit = 100;
    const seen: number[] = [];
    let after: number | undefined;
    for (let page = 1; page <= ROWS / limit; page += 1) {
      const body = await list(after === undefined ? { limit } : { limit, page, after });
      expect(body).toMatchObject({ currentPage: page, pageSize: limit, total: ROWS, total_capped: false });
      if (page % 10 === 0) expect(body.data).toEqual((await list({ limit, page })).data);
      seen.push(...body.data.map((r) => r.id));
      after = body.data.at(-1)!.id;
    }
    expect(seen).toHaveLength(ROWS);
    expect(new Set(seen).size).toBe(ROWS);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect((await list({ limit, after })).data).toEqual([]);
    // Back from page 50: the rows just before its first id, in list order = page 49.
    const last = await list({ limit, page: 50, after: seen[49 * limit - 1] });
    expect((await list({ limit, page: 49, before: last.data[0]!.id })).data).toEqual(
      (await list({ limit, page: 49 })).data,
    );
    // Reload keeps the position: the same request answers the same rows.
    expect((await list({ limit, page: 50, after: seen[49 * limit - 1] })).data).toEqual(last.data);
  });

  it('pages a filtered list by keyset too', async () => {
    const first = await list({ withEmail: 0, limit: 50 });
    const second = await list({ withEmail: 0, limit: 50, page: 2, after: first.data.at(-1)!.id });
    expect(second.data).toEqual((await list({ withEmail: 0, limit: 50, page: 2 })).data);
    expect(second.data.every((r) => r.email === null)).toBe(true);
    const back = await list({ withEmail: 0, limit: 50, page: 1, before: second.data[0]!.id });
    expect(back.data).toEqual(first.data);
  });

  it('reads a page from an index, starting at the cursor: no sort, no scan of the table', async () => {
    const text = await plan(
      `SELECT r.id FROM campaign_results r WHERE r.campaign_id = $1 AND r.id > $2 ORDER BY r.campaign_id, r.id LIMIT 20`,
      [listId, ROWS],
    );
    expect(text).toMatch(/Index (Only )?Scan/);
    expect(text).toMatch(/Index Cond: .*id > /);
    expect(text).not.toMatch(/Seq Scan|Sort/);
  });

  it('refuses a position given both ways, naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${listId}`,
      headers: bearer(token),
      payload: { after: 10, before: 20 },
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ field: string }>(res).field).toBe('before');
  });
});

describe('sorts (issue 32)', () => {
  const SORTS = {
    added: 'r.id',
    newest: 'r.id DESC',
    name: 'lower(r.name), r.id',
    name_desc: 'lower(r.name) DESC, r.id DESC',
    company: "(r.company IS NULL), lower(COALESCE(r.company, '')), r.id",
  } as const;

  it('walks every sort by keyset after and before a row, with the rows the order gives, none repeated or skipped', async () => {
    // A small list with ties (the same name twice) and rows without a company, paged two rows at a time.
    const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    const small = json<{ campaign: { id: number } }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: bearer(token),
        payload: { name: 'Sorted list', list_type: 'people' },
      }),
    ).campaign.id;
    await ctx.db.query(
      `INSERT INTO campaign_results (campaign_id, user_id, name, company, email, email_status)
       SELECT $1, $2, (ARRAY['bea', 'Ana', 'carl', 'ana', 'Dan', 'eve', 'Ana'])[g], (ARRAY['Zeta', NULL, 'acme', 'Beta', NULL, 'ACME', 'beta'])[g], 'p' || g || '@sorted.example', 'found'
         FROM generate_series(1, 7) AS g`,
      [small, userId],
    );
    await ctx.db.query('UPDATE campaigns SET result_count = 7 WHERE id = $1', [small]);
    const page = async (body: Record<string, unknown>) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/people-results/${small}`,
        headers: bearer(token),
        payload: { limit: 2, ...body },
      });
      expect(res.statusCode).toBe(200);
      return json<ResultsPage>(res).data.map((r) => r.id);
    };
    for (const [sort, order] of Object.entries(SORTS)) {
      const expected = (
        await ctx.db.query<{ id: number }>(
          `SELECT r.id::int AS id FROM campaign_results r WHERE r.campaign_id = $1 ORDER BY ${order}`,
          [small],
        )
      ).rows.map((r) => r.id);
      const pages: number[][] = [];
      for (let n = 1; n <= 4; n += 1)
        pages.push(await page(n === 1 ? { sort } : { sort, page: n, after: pages.at(-1)!.at(-1) }));
      expect([sort, pages.flat()]).toEqual([sort, expected]);
      // OFFSET gives the same pages; Previous from a page gives the one before it.
      expect(await page({ sort, page: 3 })).toEqual(pages[2]);
      expect(await page({ sort, page: 2, before: pages[2]![0] })).toEqual(pages[1]);
      expect(await page({ sort, page: 1, before: pages[1]![0] })).toEqual(pages[0]);
    }
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${small}`,
      headers: bearer(token),
      payload: { sort: 'price' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sort');
  });

  it('reads each sorted page off its index from the cursor on, filtered or not: no sort of the list', async () => {
    const cursor =
      (
        await ctx.db.query<{ id: number }>('SELECT max(id)::int AS id FROM campaign_results WHERE campaign_id = $1', [
          listId,
        ])
      ).rows[0]!.id -
      ROWS / 2;
    const keys = {
      name: ['lower(r.name)', 'r.id'],
      company: ['(r.company IS NULL)', "lower(COALESCE(r.company, ''))", 'r.id'],
    };
    for (const [index, sortKeys] of [
      ['campaign_results_sort_name_idx', keys.name],
      ['campaign_results_sort_company_idx', keys.company],
    ] as const) {
      const cursorKeys = sortKeys.map((k, i) =>
        i === sortKeys.length - 1
          ? '$2'
          : `(SELECT ${k.replaceAll('r.', 'k.')} FROM campaign_results k WHERE k.id = $2)`,
      );
      for (const [direction, op] of [
        ['', '>'],
        [' DESC', '<'],
      ]) {
        for (const filter of ['', " AND r.email_status = 'found'"]) {
          const text = await plan(
            `SELECT r.id FROM campaign_results r WHERE r.campaign_id = $1${filter} AND (${sortKeys.join(', ')}) ${op} (${cursorKeys.join(', ')})
              ORDER BY ${['r.campaign_id', ...sortKeys].map((k) => `${k}${direction}`).join(', ')} LIMIT 20`,
            [listId, cursor],
          );
          expect(text).toContain(`Index Scan${direction ? ' Backward' : ''} using ${index}`);
          expect(text).toMatch(/Index Cond: .*ROW\(/);
          expect(text).not.toMatch(/Seq Scan|Sort/);
        }
      }
    }
  });
});

describe('CSV export', () => {
  it('streams every matching row, over several batches, with a UTF-8 byte order mark', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${listId}/csv`,
      headers: bearer(token),
      payload: { after: 100 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.slice(1).trim().split('\r\n');
    // The position of a page does not narrow an export: it is every row of the list.
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]!.startsWith('Person 1,Société 1,Role 1,person1@company1.example,found,')).toBe(true);
    expect(lines.at(-1)!.startsWith(`Person ${ROWS},`)).toBe(true);

    const filtered = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${listId}/csv`,
      headers: bearer(token),
      payload: { withEmail: 0 },
    });
    expect(filtered.body.slice(1).trim().split('\r\n')).toHaveLength(ROWS / 4 + 1);
  });
});

describe('filtered totals', () => {
  it('counts a filter once for its page turns, and again as soon as the list changes', async () => {
    // The keyset tests above counted this filter already: past the time a total is reused.
    ctx.clock.advance(COUNT_TTL_MS);
    const first = await list({ withEmail: 0, limit: 50 });
    expect(first.total).toBe(ROWS / 4);
    // Rows changed behind the API's back (the list's size and updated_at stay): the page turn reuses the total.
    await ctx.db.query(
      `UPDATE campaign_results SET email_status = 'not_found' WHERE campaign_id = $1 AND id IN (SELECT id FROM campaign_results WHERE campaign_id = $1 AND email_status = 'found' ORDER BY id LIMIT 10)`,
      [listId],
    );
    expect((await list({ withEmail: 0, limit: 50, page: 2, after: first.data.at(-1)!.id })).total).toBe(ROWS / 4);
    // A result added (the list's size and updated_at change): counted again at once.
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${listId}/manual`,
      headers: bearer(token),
      payload: { linkedin_url: 'https://www.linkedin.com/in/new-person', name: 'New Person' },
    });
    expect(added.statusCode).toBe(201);
    expect((await list({ withEmail: 0, limit: 50 })).total).toBe(ROWS / 4 + 11);
    // Past COUNT_TTL_MS it counts again whatever the list.
    await ctx.db.query(
      `UPDATE campaign_results SET email_status = 'found' WHERE campaign_id = $1 AND name = 'New Person'`,
      [listId],
    );
    expect((await list({ withEmail: 0, limit: 50 })).total).toBe(ROWS / 4 + 11);
    ctx.clock.advance(COUNT_TTL_MS);
    expect((await list({ withEmail: 0, limit: 50 })).total).toBe(ROWS / 4 + 10);
  });
});
