// The fake SMTP server listens on loopback, which the outbound guard refuses unless listed.
process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
import type { Server } from 'node:net';
import { createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { EMAIL_KINDS } from '../src/mail/emailKinds';
import { BRANDING, caller, fakeSmtpServer, otherReseller, PACKAGE } from './whitelabel-helpers';

describe('white-label custom links and email templates', () => {
  let ctx: TestContext;
  let reseller: string;
  let other: string;
  let customer: string;
  let call: ReturnType<typeof caller>;
  let smtp: { server: Server; port: number; received: string[] };
  beforeAll(async () => {
    ctx = await createTestApp({ config: { logLevel: process.env.WL_LOG ? 'error' : 'silent' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    customer = await login(ctx.app, DEMO.customer);
    other = await otherReseller(ctx);
    smtp = await fakeSmtpServer();
  }, 120_000);
  afterAll(async () => {
    smtp.server.close();
    await ctx.close();
  }, 60_000);

  it("custom links: validated, paginated, isolated; the reseller's customers get the menu links", async () => {
    const bad = await call('POST', '/api/whitelabel/custom-links', reseller, { title: '', url: 'javascript:alert(1)' });
    expect(json<{ errors: { field: string }[] }>(bad).errors.map((e) => e.field)).toEqual(['title']);
    const badUrl = await call('POST', '/api/whitelabel/custom-links', reseller, {
      title: 'Help',
      url: 'javascript:alert(1)',
    });
    expect(json(badUrl)).toMatchObject({ field: 'url' });
    const created = await call('POST', '/api/whitelabel/custom-links', reseller, {
      title: 'Help desk',
      url: 'https://help.acme.test',
      position: 1,
    });
    expect(created.statusCode).toBe(201);
    const id = json<{ data: { id: number } }>(created).data.id;
    await call('POST', '/api/whitelabel/custom-links', reseller, {
      title: 'Hidden',
      url: 'https://hidden.acme.test',
      show_in_menu: false,
    });
    expect(json(await call('GET', '/api/whitelabel/custom-links?pageSize=1', reseller))).toMatchObject({
      total: 2,
      pageSize: 1,
    });
    // The demo customer is a child of the demo reseller.
    expect(json(await call('GET', '/api/whitelabel/menu-links', customer))).toEqual({
      data: [{ title: 'Help desk', url: 'https://help.acme.test' }],
    });
    expect(json(await call('GET', '/api/whitelabel/custom-links', other))).toMatchObject({ total: 0 });
    expect(
      (await call('PUT', `/api/whitelabel/custom-links/${id}`, other, { title: 'x', url: 'https://x.test' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/whitelabel/custom-links/${id}`, other)).statusCode).toBe(404);
    expect(
      json(
        await call('PUT', `/api/whitelabel/custom-links/${id}`, reseller, {
          title: 'Support',
          url: 'https://support.acme.test',
        }),
      ),
    ).toMatchObject({ data: { title: 'Support' } });
    expect((await call('DELETE', `/api/whitelabel/custom-links/${id}`, reseller)).statusCode).toBe(200);
  });

  it("email templates: every kind, built-in text in the asked language until saved; the welcome email uses the reseller's template; the preview renders the brand; reset restores the default", async () => {
    type Tpl = { kind: string; is_default: boolean; subject: string; html: string; text: string; variables: string[] };
    const initial = json<{ data: Tpl[] }>(await call('GET', '/api/whitelabel/email-templates?lang=fr', reseller));
    expect(initial.data.map((t) => t.kind)).toEqual([...EMAIL_KINDS]);
    expect(initial.data[0]).toMatchObject({ kind: 'welcome', is_default: true, subject: 'Bienvenue sur {brand}' });
    expect(initial.data.find((t) => t.kind === 'password_reset')!.variables).toEqual(
      expect.arrayContaining(['name', 'brand', 'action_url', 'code', 'minutes']),
    );
    expect(
      json(
        await call('PUT', '/api/whitelabel/email-templates/welcome', reseller, {
          subject: '',
          html: '<p>x</p>',
          text: 'x',
        }),
      ),
    ).toMatchObject({ field: 'subject' });
    expect(
      json(await call('PUT', '/api/whitelabel/email-templates/welcome', reseller, { subject: 'x', html: '<p>x</p>' })),
    ).toMatchObject({ field: 'text' });
    expect(
      (await call('PUT', '/api/whitelabel/email-templates/invoice', reseller, { subject: 'x', html: 'x', text: 'x' }))
        .statusCode,
    ).toBe(400);
    const saved = await call('PUT', '/api/whitelabel/email-templates/welcome', reseller, {
      subject: 'Hi {name}, welcome aboard',
      html: '<p>Dear <b>{name}</b>, sign in at <a href="{action_url}">our site</a>.</p><script>alert(1)</script>',
      text: 'Dear {name}, sign in at {action_url} with {email}. – {brand}',
    });
    expect(json(saved)).toMatchObject({ data: { is_default: false, subject: 'Hi {name}, welcome aboard' } });
    expect(json(await call('GET', '/api/whitelabel/email-templates', other))).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ kind: 'welcome', is_default: true })]),
    });

    // The live preview: the draft in the reseller's brand (business account saved here), sample values filled, markup sanitised.
    await call('PUT', '/api/whitelabel/business-account', reseller, { ...BRANDING, domain: 'leads.acme.test' });
    const preview = json<{ subject: string; html: string; text: string }>(
      await call('POST', '/api/whitelabel/email-templates/password_reset/preview', reseller, {
        subject: 'Code for {name}',
        html: '<p>{code} <img src=x onerror=alert(1)></p>',
        text: 'Code {code}',
        lang: 'de',
      }),
    );
    expect(preview.subject).toBe('Code for Alex');
    expect(preview.text).toBe('Code 482913');
    expect(preview.html).toContain(BRANDING.logo);
    expect(preview.html).toContain('Acme Leads');
    expect(preview.html).toContain('Passwort zurücksetzen'); // the button's label in the asked language
    // Its domain is not verified (DNS TXT check): the button leads to the platform's address with the reseller's brand code.
    expect(preview.html).toMatch(/href="http:\/\/localhost:\d+\/forgot-password\?[^"]*brand=[A-Za-z0-9_-]{8,64}"/);
    expect(preview.html).not.toContain('https://leads.acme.test/forgot-password');
    expect(preview.html).not.toMatch(/onerror|<img src="x"/);

    await call('PUT', '/api/whitelabel/smtp', reseller, {
      host: '127.0.0.1',
      port: smtp.port,
      encryption: 'none',
      from_email: 'hello@acme.test',
      support_email: 'help@acme.test',
    });
    const pkg = json<{ data: { id: number } }>(await call('POST', '/api/whitelabel/packages', reseller, PACKAGE)).data
      .id;
    const sub = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      customer_name: 'Tess Template',
      email: 'tess@template.test',
      username: 'tess',
      package_id: pkg,
      welcome_email: true,
    });
    expect(sub.statusCode).toBe(201);
    await ctx.app.queue.drain();
    const mail = smtp.received.find((m) => m.includes('tess@template.test'))!;
    expect(mail).toContain('Hi Tess, welcome aboard'); // {name} is the first name, as in every email
    expect(mail).toContain('Dear Tess,');
    expect(mail).not.toContain('<script');

    expect(json(await call('DELETE', '/api/whitelabel/email-templates/welcome', reseller))).toMatchObject({
      data: { is_default: true },
    });
    expect((await call('DELETE', '/api/whitelabel/email-templates/welcome', reseller)).statusCode).toBe(404);
  });

  it('partners: validated, referral code unique per reseller, isolated', async () => {
    const bad = await call('POST', '/api/whitelabel/partners', reseller, {
      name: '',
      referral_code: 'no spaces!',
      commission_percent: 101,
    });
    expect(
      json<{ errors: { field: string }[] }>(bad)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['commission_percent', 'name', 'referral_code']);
    const created = await call('POST', '/api/whitelabel/partners', reseller, {
      name: 'Pat Partner',
      email: 'pat@partner.test',
      referral_code: 'pat-2026',
      commission_percent: 20,
    });
    expect(created.statusCode).toBe(201);
    const id = json<{ data: { id: number } }>(created).data.id;
    const dup = await call('POST', '/api/whitelabel/partners', reseller, { name: 'Other', referral_code: 'pat-2026' });
    expect(dup.statusCode).toBe(422);
    expect(json(dup)).toMatchObject({ code: 'whitelabel.referral_code_taken', field: 'referral_code' });
    // Another reseller may use the same code for its own partner, and cannot see or touch this one.
    expect(
      (await call('POST', '/api/whitelabel/partners', other, { name: 'Own', referral_code: 'pat-2026' })).statusCode,
    ).toBe(201);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect(
        (
          await call(
            method,
            `/api/whitelabel/partners/${id}`,
            other,
            method === 'PUT' ? { name: 'x', referral_code: 'x' } : undefined,
          )
        ).statusCode,
      ).toBe(404);
    }
    expect(
      json(
        await call('PUT', `/api/whitelabel/partners/${id}`, reseller, {
          name: 'Pat P.',
          email: '',
          referral_code: 'pat-2026',
          active: false,
        }),
      ),
    ).toMatchObject({ data: { name: 'Pat P.', email: null, active: false } });
    expect(json(await call('GET', '/api/whitelabel/partners', reseller))).toMatchObject({ total: 1 });
    expect((await call('DELETE', `/api/whitelabel/partners/${id}`, reseller)).statusCode).toBe(200);
  });
});
