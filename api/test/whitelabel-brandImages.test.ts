import { createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { BRANDING, caller, ICO, PNG } from './whitelabel-helpers';

/** Branding (spec §3, §5): uploaded logo and favicon, and the CRMs a reseller offers its customers. */
describe('white-label branding: uploaded images and offered CRMs', () => {
  let ctx: TestContext;
  let reseller: string;
  let customer: string;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { logLevel: 'silent' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    customer = await login(ctx.app, DEMO.customer);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  const upload = (kind: string, bytes: Buffer, token = reseller) =>
    call('POST', '/api/whitelabel/brand-images', token, { kind, content_base64: bytes.toString('base64') });

  it('stores an uploaded logo in the database and serves it to anyone at its path, as an image only', async () => {
    const res = await upload('logo', PNG);
    expect(res.statusCode).toBe(201);
    const { data, message } = json<{
      data: { url: string; mime_type: string; size_bytes: number; width: number; height: number };
      message: string;
    }>(res);
    expect(message).toBe('Image uploaded. Save the business account to show it.');
    expect(data).toMatchObject({ mime_type: 'image/png', size_bytes: PNG.length, width: 1, height: 1 });
    expect(data.url).toMatch(/^\/api\/brand-images\/[0-9a-f-]{36}$/);
    const row = (
      await ctx.db.query<{ content: Uint8Array | null; storage_key: string | null }>(
        'SELECT content, storage_key FROM brand_images WHERE id = $1',
        [data.url.split('/').pop()!],
      )
    ).rows[0]!;
    expect(Buffer.from(row.content!)).toEqual(PNG);
    expect(row.storage_key).toBeNull();

    const served = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(PNG);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/brand-images/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });

  it('reads the format from the bytes: a favicon as ICO; text or SVG (it can carry script) get the accepted formats', async () => {
    const ico = await upload('favicon', ICO);
    expect(json(ico)).toMatchObject({ data: { mime_type: 'image/x-icon', width: 16, height: 16 } });
    for (const bytes of [
      Buffer.from('not an image at all'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    ]) {
      const refused = await upload('logo', bytes);
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({
        errors: [{ field: 'file', message: 'Accepted image formats: PNG, JPEG, GIF, WebP, ICO' }],
      });
    }
    const spanish = await ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/brand-images',
      headers: { authorization: `Bearer ${reseller}`, 'user-language': 'es' },
      payload: { kind: 'logo', content_base64: Buffer.from('x').toString('base64') },
    });
    expect(json(spanish)).toMatchObject({
      errors: [{ field: 'file', message: 'Formatos de imagen aceptados: PNG, JPEG, GIF, WebP, ICO' }],
    });
  });

  it('refuses an image over 5 MB with the size message, and callers without white-label', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('logo', big);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ field: 'file', message: 'Maximum allowed file size is 5mb' });
    expect((await upload('logo', PNG, customer)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/whitelabel/brand-images',
          payload: { kind: 'logo', content_base64: PNG.toString('base64') },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('the business account shows an uploaded logo and favicon; another path is refused; replaced uploads are removed', async () => {
    const logo = json<{ data: { url: string } }>(await upload('logo', PNG)).data.url;
    const favicon = json<{ data: { url: string } }>(await upload('favicon', ICO)).data.url;
    const saved = await call('PUT', '/api/whitelabel/business-account', reseller, { ...BRANDING, logo, favicon });
    expect(saved.statusCode).toBe(200);
    const site = json(
      await ctx.app.inject({ method: 'POST', url: '/api/site-settings', payload: { domain: 'brand.example.com' } }),
    );
    expect(site).toMatchObject({ logo, favicon });

    const unknown = await call('PUT', '/api/whitelabel/business-account', reseller, {
      ...BRANDING,
      logo: '/api/brand-images/00000000-0000-4000-8000-000000000000',
      favicon: '/etc/passwd',
    });
    expect(unknown.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(unknown).errors).toEqual([
      { field: 'logo', message: 'This image is not one of your uploads: upload it again.' },
      { field: 'favicon', message: 'Please enter a valid URL.' },
    ]);

    // Uploads the account no longer shows go at the next save once they are an hour old; fresh ones stay (another tab may be choosing).
    const fresh = json<{ data: { url: string } }>(await upload('logo', PNG)).data.url;
    await ctx.db.query("UPDATE brand_images SET created_at = created_at - interval '2 hours' WHERE id <> $1", [
      fresh.split('/').pop()!,
    ]);
    expect(
      (await call('PUT', '/api/whitelabel/business-account', reseller, { ...BRANDING, logo, favicon })).statusCode,
    ).toBe(200);
    const left = (await ctx.db.query<{ id: string }>('SELECT id::text FROM brand_images ORDER BY id')).rows
      .map((r) => `/api/brand-images/${r.id}`)
      .sort();
    expect(left).toEqual([logo, favicon, fresh].sort());
    expect((await ctx.app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
  });

  it("a reseller's customers see and use only the CRMs its business account offers (none ticked: every CRM)", async () => {
    const providers = async () =>
      json<{ data: { provider: string }[] }>(await call('GET', '/api/crm/connections', customer)).data.map(
        (c) => c.provider,
      );
    await call('PUT', '/api/whitelabel/business-account', reseller, { ...BRANDING, logo: null, crms: [] });
    expect(await providers()).toEqual(['ghl', 'keap', 'zapier', 'groove', 'sales_connector']);

    // A connection made while the CRM was offered stops counting once it is not.
    await ctx.db.query(
      "INSERT INTO settings_crm_connections (user_id, provider, webhook_url, connected_at) SELECT id, 'zapier', 'https://hooks.zapier.com/hooks/catch/1/abc/', now() FROM users WHERE email = $1",
      [DEMO.customer.email],
    );
    expect((await call('GET', '/api/crm/fields/zapier', customer)).statusCode).toBe(200);

    await call('PUT', '/api/whitelabel/business-account', reseller, { ...BRANDING, logo: null, crms: ['keap', 'ghl'] });
    expect(await providers()).toEqual(['ghl', 'keap']);
    const authorize = await call('POST', '/api/crm/connections/groove/authorize', customer);
    expect(authorize.statusCode).toBe(422);
    expect(json(authorize)).toMatchObject({
      code: 'settings.crm_not_offered',
      field: 'provider',
      message: 'Groove is not available on this platform.',
    });
    expect(
      json(
        await call('PUT', '/api/crm/connections/zapier/webhook', customer, {
          url: 'https://hooks.zapier.com/hooks/catch/1/abc/',
        }),
      ),
    ).toMatchObject({ code: 'settings.crm_not_offered' });
    expect(json(await call('GET', '/api/crm/fields/zapier', customer))).toMatchObject({
      code: 'settings.crm_not_connected',
    });
    expect((await call('POST', '/api/crm/connections/keap/authorize', customer)).statusCode).toBe(200);

    // The reseller itself (no reseller above it) keeps every CRM.
    expect(json<{ data: unknown[] }>(await call('GET', '/api/crm/connections', reseller)).data).toHaveLength(5);
  });
});
