import type { ApiResponse } from '../../shared/src/api/contract';
import { createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { BRANDING, caller, otherReseller } from './whitelabel-helpers';

type CourseAnswer = ApiResponse<'/api/whitelabel/courses/{id}', 'get'>;
type PageAnswer = ApiResponse<'/api/whitelabel/courses/{id}/pages', 'post'>;
type CustomerCourse = ApiResponse<'/api/courses/items/{id}', 'get'>;

describe('white-label training content', () => {
  let ctx: TestContext;
  let reseller: string;
  let other: string;
  let customer: string;
  let basic: string;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    ctx = await createTestApp();
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    customer = await login(ctx.app, DEMO.customer);
    basic = await login(ctx.app, DEMO.basic);
    other = await otherReseller(ctx);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  }, 60_000);

  it('courses and pages: validated, ordered, paginated; lesson bodies sanitised; only the reseller reaches them', async () => {
    expect(json(await call('POST', '/api/whitelabel/courses', reseller, { title: ' ' }))).toMatchObject({
      field: 'title',
    });
    const course = json<CourseAnswer>(
      await call('POST', '/api/whitelabel/courses', reseller, {
        title: 'Getting started',
        description: 'Your first week',
        position: 2,
      }),
    );
    expect(course.data).toMatchObject({ title: 'Getting started', pages_count: 0 });
    const id = course.data.id;
    await call('POST', '/api/whitelabel/courses', reseller, { title: 'Advanced', position: 1 });
    const list = json<{ data: { title: string }[]; total: number }>(
      await call('GET', '/api/whitelabel/courses?pageSize=1', reseller),
    );
    expect(list).toMatchObject({ total: 2, pageSize: 1, currentPage: 1 });
    expect(list.data.map((c) => c.title)).toEqual(['Advanced']);

    const badUrl = await call('POST', `/api/whitelabel/courses/${id}/pages`, reseller, {
      title: 'Intro',
      video_url: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(json(badUrl)).toMatchObject({ field: 'video_url' });
    const created = await call('POST', `/api/whitelabel/courses/${id}/pages`, reseller, {
      title: 'Welcome',
      video_url: 'https://videos.example.com/welcome',
      body_html:
        '<h2>Hello</h2><p onclick="steal()">Read <a href="javascript:alert(1)">this</a> and <a href="https://help.example.com">that</a></p><script>alert(1)</script><img src=x onerror=alert(2)>',
      status: 'shown',
      position: 1,
    });
    expect(created.statusCode).toBe(201);
    const welcome = json<PageAnswer>(created).data;
    expect(welcome.body_html).toBe(
      '<h2>Hello</h2><p>Read <a>this</a> and <a href="https://help.example.com/" target="_blank" rel="noopener noreferrer nofollow">that</a></p>',
    );
    const draft = json<PageAnswer>(
      await call('POST', `/api/whitelabel/courses/${id}/pages`, reseller, { title: 'Draft lesson', position: 0 }),
    ).data;
    expect(draft).toMatchObject({ status: 'draft', body_html: '', video_url: null });

    const pages = json<{ data: { title: string }[]; total: number }>(
      await call('GET', `/api/whitelabel/courses/${id}/pages`, reseller),
    );
    expect(pages.data.map((p) => p.title)).toEqual(['Draft lesson', 'Welcome']);
    expect(json(await call('GET', `/api/whitelabel/courses/${id}/pages?status=shown`, reseller))).toMatchObject({
      total: 1,
      data: [{ title: 'Welcome' }],
    });
    expect(json<CourseAnswer>(await call('GET', `/api/whitelabel/courses/${id}`, reseller)).data).toMatchObject({
      pages_count: 2,
      shown_pages: 1,
    });

    const edited = await call('PUT', `/api/whitelabel/courses/${id}/pages/${draft.id}`, reseller, {
      title: 'Second lesson',
      body_html: '<svg onload=alert(1)><p>x</p></svg><p>Kept</p>',
      status: 'shown',
      position: 3,
    });
    expect(json<PageAnswer>(edited).data).toMatchObject({
      title: 'Second lesson',
      body_html: '<p>Kept</p>',
      status: 'shown',
    });

    // Another reseller (and a user without the module) reaches none of it, and changes nothing.
    for (const [method, url] of [
      ['GET', `/api/whitelabel/courses/${id}`],
      ['PUT', `/api/whitelabel/courses/${id}`],
      ['DELETE', `/api/whitelabel/courses/${id}`],
      ['GET', `/api/whitelabel/courses/${id}/pages`],
      ['POST', `/api/whitelabel/courses/${id}/pages`],
      ['GET', `/api/whitelabel/courses/${id}/pages/${welcome.id}`],
      ['PUT', `/api/whitelabel/courses/${id}/pages/${welcome.id}`],
      ['DELETE', `/api/whitelabel/courses/${id}/pages/${welcome.id}`],
    ] as const) {
      const payload = method === 'PUT' || method === 'POST' ? { title: 'Hijacked' } : undefined;
      expect([method, url, (await call(method, url, other, payload)).statusCode]).toEqual([method, url, 404]);
      expect((await call(method, url, basic, payload)).statusCode).toBe(403);
    }
    expect(json(await call('GET', '/api/whitelabel/courses', other))).toMatchObject({ total: 0 });
    // A page id under the wrong course is not found either.
    const advanced = json<{ data: { id: number }[] }>(await call('GET', '/api/whitelabel/courses', reseller)).data[0]!
      .id;
    expect((await call('GET', `/api/whitelabel/courses/${advanced}/pages/${welcome.id}`, reseller)).statusCode).toBe(
      404,
    );
    expect(
      json<PageAnswer>(await call('GET', `/api/whitelabel/courses/${id}/pages/${welcome.id}`, reseller)).data.title,
    ).toBe('Welcome');

    // Deleting a course removes its pages.
    const temp = json<CourseAnswer>(await call('POST', '/api/whitelabel/courses', reseller, { title: 'Temporary' }))
      .data.id;
    const tempPage = json<PageAnswer>(
      await call('POST', `/api/whitelabel/courses/${temp}/pages`, reseller, { title: 'Gone soon' }),
    ).data.id;
    expect((await call('DELETE', `/api/whitelabel/courses/${temp}`, reseller)).statusCode).toBe(200);
    expect((await call('GET', `/api/whitelabel/courses/${temp}/pages/${tempPage}`, reseller)).statusCode).toBe(404);
    const { rows } = await ctx.db.query('SELECT 1 FROM whitelabel_course_pages WHERE id = $1', [tempPage]);
    expect(rows).toHaveLength(0);
  });

  it("customers read their reseller's shown courses and shown lessons; others keep the platform's; the training center switch hides them", async () => {
    const platform = json<{ data: { id: number }[]; total: number }>(await call('GET', '/api/courses', basic));
    // The demo customer is a child of the demo reseller, which has published courses above ("Advanced" has no lessons).
    const mine = json<{ data: { title: string; pages: number }[]; total: number; training_center: boolean }>(
      await call('GET', '/api/courses', customer),
    );
    expect(mine).toMatchObject({ training_center: true, total: 2 });
    expect(mine.data).toEqual([
      expect.objectContaining({ title: 'Advanced', pages: 0 }),
      expect.objectContaining({ title: 'Getting started', pages: 2 }),
    ]);

    const hidden = json<CourseAnswer>(
      await call('POST', '/api/whitelabel/courses', reseller, { title: 'Not yet public', shown: false }),
    ).data.id;
    const resellerCourses = json<{ data: { id: number; title: string }[] }>(
      await call('GET', '/api/whitelabel/courses', reseller),
    ).data;
    const started = resellerCourses.find((c) => c.title === 'Getting started')!.id;
    await call('POST', `/api/whitelabel/courses/${started}/pages`, reseller, {
      title: 'Unfinished',
      status: 'draft',
      body_html: '<p>draft</p>',
    });
    const one = json<CustomerCourse>(await call('GET', `/api/courses/items/${started}`, customer));
    expect(one.data.title).toBe('Getting started');
    expect(one.data.pages.map((p) => p.title)).toEqual(['Welcome', 'Second lesson']);
    expect(one.data.pages[0]).toMatchObject({ video_url: 'https://videos.example.com/welcome', content: null });
    expect(one.data.pages[0]!.body_html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect((await call('GET', `/api/courses/items/${hidden}`, customer)).statusCode).toBe(404);

    // Another reseller's course is not its customers' — and the reseller's are not the platform's users'.
    const foreign = json<CourseAnswer>(
      await call('POST', '/api/whitelabel/courses', other, { title: 'Foreign course' }),
    ).data.id;
    expect((await call('GET', `/api/courses/items/${foreign}`, customer)).statusCode).toBe(404);
    expect(json(await call('GET', '/api/courses', basic))).toEqual(platform);

    // The reseller turns the training center off in its business account: its customers see no courses.
    expect(
      (
        await call('PUT', '/api/whitelabel/business-account', reseller, {
          ...BRANDING,
          domain: 'training.example.com',
          show_training_center: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(json(await call('GET', '/api/courses', customer))).toMatchObject({
      data: [],
      total: 0,
      training_center: false,
    });
    expect((await call('GET', `/api/courses/items/${started}`, customer)).statusCode).toBe(404);
    await call('PUT', '/api/whitelabel/business-account', reseller, {
      ...BRANDING,
      domain: 'training.example.com',
      show_training_center: true,
    });
    expect(json(await call('GET', '/api/courses', customer))).toMatchObject({ total: 2, training_center: true });
  });

  it("a customer whose reseller has published nothing reads the platform's courses", async () => {
    const owner = await ctx.db.query<{ id: number }>(
      `SELECT id FROM users WHERE email = 'other.reseller@leadsmith.test'`,
    );
    await ctx.db.query('DELETE FROM whitelabel_courses WHERE owner_id = $1', [owner.rows[0]!.id]);
    await ctx.db.query(`UPDATE users SET parent_id = $1 WHERE email = $2`, [owner.rows[0]!.id, DEMO.basic.email]);
    const platform = json<{ data: unknown[] }>(await call('GET', '/api/courses', basic));
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_courses WHERE shown');
    expect(platform).toMatchObject({ total: rows[0]!.n, training_center: true });
  });
});
