process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
import { hashPassword } from '../src/auth/passwords';
import { EMAIL_DEFAULTS } from '../src/mail/emailDefaults';
import { EMAIL_KINDS } from '../src/mail/emailKinds';
import { fillPlaceholders } from '../src/mail/renderEmail';
import { SAMPLE_VARS, sendTemplatedMail } from '../src/mail/templatedMail';
import { bearer, createTestApp, json, login, type TestContext } from './helpers';
import { startLocalSmtp, type LocalSmtp, type ReceivedMail } from './support/localSmtp';

/**
 * Every email kind a reseller's customer receives, against two real SMTP servers on loopback: the
 * reseller's own (Riley Leads has SMTP settings) and the platform's (Nova Leads has none, so its
 * customers' emails go through SMTP_URL under Nova's name with Nova's support address as reply-to).
 * Each email is in the recipient's language and carries the brand, never the platform's name.
 */
describe('branded email routing', () => {
  let ctx: TestContext;
  let platformSmtp: LocalSmtp;
  let rileySmtp: LocalSmtp;
  const ids: Record<string, number> = {};

  const addUser = async (
    email: string,
    type: 'reseller' | 'customer',
    lang: string,
    parentId: number | null = null,
  ) => {
    const { rows } = await ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, parent_id, lang, email_verified_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'Test', 'user', $4, $5, $6, now(), now(), now()) RETURNING id`,
      [email, await hashPassword('branded-pw-1'), email.split('@')[0]!, type, parentId, lang],
    );
    return rows[0]!.id;
  };

  beforeAll(async () => {
    platformSmtp = await startLocalSmtp();
    rileySmtp = await startLocalSmtp();
    ctx = await createTestApp({
      config: {
        smtpUrl: `smtp://127.0.0.1:${platformSmtp.port}`,
        mailFrom: 'Platform Mail <no-reply@mail.platform.test>',
      },
    });
    ids.riley = await addUser('owner@riley.test', 'reseller', 'en');
    ids.nova = await addUser('owner@nova.test', 'reseller', 'en');
    ids.rileyCustomer = await addUser('ana@customer.test', 'customer', 'es', ids.riley);
    ids.novaCustomer = await addUser('dora@customer.test', 'customer', 'de', ids.nova);
    await ctx.db.query(
      "INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug IN ('leads', 'wallet')",
      [ids.rileyCustomer],
    );
    await ctx.db.query(
      // Both domains verified (DNS TXT check): the emails' links lead there.
      `INSERT INTO business_settings (domain, name, logo, button_color, text_color, heading_color, owner_user_id, support_email, domain_verified_at)
       VALUES ('riley.test', 'Riley Leads', 'https://cdn.riley.test/logo.png', '#AA3300', '#111111', '#222222', $1, NULL, now()),
              ('nova.test', 'Nova Leads', NULL, '#0044AA', NULL, NULL, $2, 'help@nova.test', now())`,
      [ids.riley, ids.nova],
    );
    await ctx.db.query(
      `INSERT INTO whitelabel_smtp (owner_id, host, port, username, password, encryption, from_email, support_email, updated_at)
       VALUES ($1, '127.0.0.1', $2, NULL, NULL, 'none', 'hello@riley.test', 'support@riley.test', now())`,
      [ids.riley, rileySmtp.port],
    );
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await platformSmtp?.close();
    await rileySmtp?.close();
  });

  const expectBranded = (mail: ReceivedMail, brand: { name: string; domain: string }) => {
    const html = String(mail.html);
    expect(`${mail.subject} ${mail.text} ${html} ${mail.from?.text}`).not.toMatch(/leadsmith|platform mail/i);
    expect(html).toContain(brand.name);
    expect(html).toMatch(/<!doctype html>/i);
    expect(html).toContain('@media'); // MJML's responsive layout
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((href) => href.startsWith('http'));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(new URL(link).hostname).toMatch(new RegExp(`(^|\\.)${brand.domain.replace('.', '\\.')}$`));
  };

  test('every kind goes through the reseller’s SMTP, in the customer’s language, from the reseller’s address and name', async () => {
    await ctx.db.transaction(async (tx) => {
      for (const kind of EMAIL_KINDS)
        await sendTemplatedMail(tx, ctx.app.deps, { kind, userId: ids.rileyCustomer, vars: SAMPLE_VARS });
    });
    await ctx.app.queue.drain();
    const mails = await rileySmtp.waitFor(EMAIL_KINDS.length);
    expect(platformSmtp.received).toHaveLength(0);
    const vars = { ...SAMPLE_VARS, brand: 'Riley Leads' };
    expect(mails.map((m) => m.subject).sort()).toEqual(
      EMAIL_KINDS.map((kind) => fillPlaceholders(EMAIL_DEFAULTS[kind].es.subject, vars)).sort(),
    );
    for (const mail of mails) {
      expect(mail.from?.value[0]).toEqual({ address: 'hello@riley.test', name: 'Riley Leads' });
      expect(mail.replyTo?.value[0]?.address).toBe('support@riley.test');
      expect(mail.rcptTo).toEqual(['ana@customer.test']);
      expect(mail.messageId).toMatch(/^<email-\d+@riley\.test>$/);
      expect(mail.text).toMatch(/^Hola ana:/);
      expectBranded(mail, { name: 'Riley Leads', domain: 'riley.test' });
      expect(String(mail.html)).toContain('https://cdn.riley.test/logo.png');
      expect(String(mail.html)).toMatch(/#AA3300/i);
    }
    const outbox = await ctx.db.query<{ route: string }>(
      "SELECT outcome->>'route' AS route FROM external_effects WHERE kind = 'email'",
    );
    expect(outbox.rows.every((r) => r.route === 'reseller_smtp')).toBe(true);
    rileySmtp.received.length = 0;
  });

  test('without reseller SMTP every kind falls back to the platform’s SMTP under the reseller’s name and support address, in German', async () => {
    await ctx.db.transaction(async (tx) => {
      for (const kind of EMAIL_KINDS)
        await sendTemplatedMail(tx, ctx.app.deps, { kind, userId: ids.novaCustomer, vars: SAMPLE_VARS });
    });
    await ctx.app.queue.drain();
    const mails = await platformSmtp.waitFor(EMAIL_KINDS.length);
    expect(rileySmtp.received).toHaveLength(0);
    const vars = { ...SAMPLE_VARS, brand: 'Nova Leads' };
    expect(mails.map((m) => m.subject).sort()).toEqual(
      EMAIL_KINDS.map((kind) => fillPlaceholders(EMAIL_DEFAULTS[kind].de.subject, vars)).sort(),
    );
    for (const mail of mails) {
      expect(mail.from?.value[0]).toEqual({ address: 'no-reply@mail.platform.test', name: 'Nova Leads' });
      expect(mail.replyTo?.value[0]?.address).toBe('help@nova.test');
      expect(mail.text).toMatch(/^Hallo dora,/);
      expectBranded(mail, { name: 'Nova Leads', domain: 'nova.test' });
    }
    platformSmtp.received.length = 0;
  });

  test('a reseller without a business account: its customers see its business profile’s name, else its own name, never the platform’s name or logo', async () => {
    const withProfile = await addUser('pat@prospects.test', 'reseller', 'en');
    await ctx.db.query(
      `INSERT INTO settings_business_profiles (user_id, business_name, industry, description, target_audience, products_services) VALUES ($1, 'Pat Prospects', 'x', 'x', 'x', 'x')`,
      [withProfile],
    );
    const bare = await addUser('quinn@bare.test', 'reseller', 'en');
    await ctx.db.query("UPDATE users SET first_name = 'Quinn', last_name = 'Bare' WHERE id = $1", [bare]);
    const patCustomer = await addUser('pia@customer.test', 'customer', 'en', withProfile);
    const quinnCustomer = await addUser('quentin@customer.test', 'customer', 'fr', bare);
    const platform = (
      await ctx.db.query<{ name: string; logo: string | null }>(
        "SELECT name, logo FROM business_settings WHERE domain = 'localhost'",
      )
    ).rows[0]!;
    // The platform's row carries a logo, which must not reach a reseller's customer either.
    await ctx.db.query(
      "UPDATE business_settings SET logo = 'https://cdn.platform.test/platform-logo.png' WHERE domain = 'localhost'",
    );
    try {
      const ids2 = await ctx.db.transaction(async (tx) => [
        await sendTemplatedMail(tx, ctx.app.deps, { kind: 'welcome', userId: patCustomer }),
        await sendTemplatedMail(tx, ctx.app.deps, { kind: 'low_credits', userId: quinnCustomer, vars: SAMPLE_VARS }),
      ]);
      const sent = (
        await ctx.db.query<{
          id: number;
          subject: string;
          body_text: string;
          body_html: string;
          from_name: string;
          reply_to: string;
        }>(
          'SELECT id, subject, body_text, body_html, from_name, reply_to FROM outbound_emails WHERE id IN ($1, $2) ORDER BY id',
          ids2,
        )
      ).rows;
      expect(sent.map((m) => [m.from_name, m.subject, m.reply_to])).toEqual([
        ['Pat Prospects', 'Welcome to Pat Prospects', 'pat@prospects.test'],
        ['Quinn Bare', 'Vos crédits Quinn Bare sont presque épuisés', 'quinn@bare.test'],
      ]);
      for (const mail of sent) {
        expect(`${mail.subject}\n${mail.body_text}\n${mail.body_html}`).not.toContain(platform.name);
        expect(mail.body_html).not.toContain('platform-logo.png');
      }
    } finally {
      await ctx.db.query("UPDATE business_settings SET logo = $1 WHERE domain = 'localhost'", [platform.logo]);
      await ctx.app.queue.drain();
      platformSmtp.received.length = 0;
    }
  });

  test('the senders that exist today use the brand: reset, sign-up on the reseller’s domain, email change, team invitation, welcome', async () => {
    // Password reset asked by a reseller's customer.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: 'ana@customer.test' } }))
        .statusCode,
    ).toBe(200);
    // A sign-up on the reseller's domain, before any account links it to the reseller.
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { host: 'riley.test', 'user-language': 'fr' },
      payload: {
        first_name: 'Fleur',
        last_name: 'Test',
        email: 'fleur@customer.test',
        password: 'branded-pw-1',
        password_confirmation: 'branded-pw-1',
      },
    });
    expect(signUp.statusCode).toBe(201);
    // Email change and a team invitation by the customer.
    const token = await login(ctx.app, { email: 'ana@customer.test', password: 'branded-pw-1' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/mail-change',
          headers: bearer(token),
          payload: { email: 'ana.new@customer.test' },
        })
      ).statusCode,
    ).toBe(200);
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/team-members',
      headers: { ...bearer(token), 'user-language': 'es' },
      payload: { first_name: 'Tim', last_name: 'Team', email: 'tim@customer.test', access: ['leads'] },
    });
    expect(invite.statusCode).toBe(201);
    await ctx.app.queue.drain();
    const mails = await rileySmtp.waitFor(4);
    const by = (to: string) => mails.find((m) => m.rcptTo.includes(to))!;
    expect(by('ana@customer.test').subject).toBe('Restablece tu contraseña de Riley Leads');
    expect(by('fleur@customer.test').subject).toBe('Votre code de confirmation Riley Leads');
    expect(by('ana.new@customer.test').subject).toBe('Confirma tu nueva dirección de correo de Riley Leads');
    expect(by('tim@customer.test').subject).toBe('ana Test te ha invitado a su equipo de Riley Leads');
    for (const mail of mails) expectBranded(mail, { name: 'Riley Leads', domain: 'riley.test' });
    expect(json<{ message: string }>(signUp).message).not.toMatch(/leadsmith/i);
  });
});
