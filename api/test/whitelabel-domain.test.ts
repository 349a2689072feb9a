import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';
import { createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { BRANDING, caller } from './whitelabel-helpers';

/**
 * A reseller's own domain: the TXT record proving ownership is looked up in real DNS, answered here by
 * a local DNS server (dns2, UDP on loopback) that DOMAIN_CHECK_DNS_SERVERS points the API at.
 */
describe("a reseller's domain, verified by a DNS TXT record", () => {
  let ctx: TestContext;
  let reseller: string;
  let call: ReturnType<typeof caller>;
  const published = new Map<string, string[]>();
  let dns: ReturnType<typeof dns2.createServer>;

  beforeAll(async () => {
    const { Packet } = dns2;
    dns = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        const response = Packet.createResponseFromRequest(request);
        const [question] = request.questions;
        const records = published.get(question?.name.toLowerCase() ?? '');
        type Answer = (typeof response.answers)[number];
        if (records && question!.type === Packet.TYPE.TXT) {
          for (const data of records)
            response.answers.push({
              name: question!.name,
              type: Packet.TYPE.TXT,
              class: Packet.CLASS.IN,
              ttl: 60,
              data,
            } as unknown as Answer);
        } else if (!records) response.header.rcode = Packet.RCODE.NXDOMAIN;
        send(response);
      },
    });
    const listening = await dns.listen({ udp: { port: 0, address: '127.0.0.1' } });
    process.env.DOMAIN_CHECK_DNS_SERVERS = `127.0.0.1:${(listening as { udp: AddressInfo }).udp.port}`;
    ctx = await createTestApp();
    reseller = await login(ctx.app, DEMO.reseller);
    call = caller(ctx);
  }, 60_000);

  afterAll(async () => {
    delete process.env.DOMAIN_CHECK_DNS_SERVERS;
    await ctx?.close();
    await dns?.close();
  });

  it('gives the record to publish, refuses until DNS answers it, then verifies; the TLS check follows; a new domain starts over', async () => {
    expect(json(await call('GET', '/api/whitelabel/domain', reseller))).toMatchObject({
      code: 'whitelabel.sales_needs_account',
      field: 'domain',
    });
    await call('PUT', '/api/whitelabel/business-account', reseller, { ...BRANDING, domain: 'app.riley.test' });
    const status = json<{ data: { domain: string; txt_name: string; txt_value: string; verified_at: null } }>(
      await call('GET', '/api/whitelabel/domain', reseller),
    ).data;
    expect(status).toMatchObject({
      domain: 'app.riley.test',
      txt_name: '_domain-verify.app.riley.test',
      verified_at: null,
    });
    expect(status.txt_value).toMatch(/^domain-verify=[0-9a-f]{32}$/);
    expect(
      json<{ data: { txt_value: string } }>(await call('GET', '/api/whitelabel/domain', reseller)).data.txt_value,
    ).toBe(status.txt_value);
    const check = () => ctx.app.inject({ method: 'GET', url: '/api/domains/check?domain=app.riley.test' });
    expect((await check()).statusCode).toBe(404);

    // Nothing published (NXDOMAIN), then a wrong value: refused, naming the field and the record.
    const missing = await call('POST', '/api/whitelabel/domain/verify', reseller, {});
    expect(missing.statusCode).toBe(422);
    expect(json(missing)).toMatchObject({ code: 'whitelabel.domain_unverified', field: 'domain' });
    expect(json<{ message: string }>(missing).message).toContain('_domain-verify.app.riley.test');
    published.set('_domain-verify.app.riley.test', ['domain-verify=someone-else']);
    expect((await call('POST', '/api/whitelabel/domain/verify', reseller, {})).statusCode).toBe(422);

    // Published beside another TXT record: verified.
    published.set('_domain-verify.app.riley.test', ['v=spf1 -all', status.txt_value]);
    const verified = await call('POST', '/api/whitelabel/domain/verify', reseller, {});
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toMatchObject({
      code: 'whitelabel.domain_verified',
      data: { domain: 'app.riley.test', verified_at: expect.any(String) },
    });
    expect(json(await check())).toEqual({ domain: 'app.riley.test', served: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/domains/check?domain=localhost' })).statusCode).toBe(200);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/domains/check?domain=unknown.test' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'whitelabel.domain_not_served',
      message: 'unknown.test is not served by this platform.',
      served: false,
    });

    // Another domain must prove itself again.
    await call('PUT', '/api/whitelabel/business-account', reseller, { ...BRANDING, domain: 'leads.riley.test' });
    expect(json(await call('GET', '/api/whitelabel/domain', reseller))).toMatchObject({
      data: { domain: 'leads.riley.test', verified_at: null },
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/domains/check?domain=leads.riley.test' })).statusCode,
    ).toBe(404);
  });
});
