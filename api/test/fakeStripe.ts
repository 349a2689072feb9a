import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';

/**
 * A local Stripe for tests: the REST endpoints the app calls through the official SDK (its host, port
 * and protocol options point here), answering the objects of Stripe's API reference — Customer,
 * SetupIntent, PaymentMethod, PaymentIntent, Refund, Account, AccountLink — form-encoded requests,
 * Bearer secret key, `Idempotency-Key` replays (the same key answers the first answer again), card
 * errors as 402 with the PaymentIntent inside. `confirmSetup` plays Stripe.js confirming a SetupIntent
 * in the browser; `loseAnswers` processes requests and then drops the connection (a lost answer);
 * `signedEvent` builds a webhook delivery signed with the SDK's test-header helper.
 */
export type TestCard = 'visa' | 'decline' | 'authenticate';

type Json = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: { method: string; path: string; idempotencyKey: string | null; form: URLSearchParams }[];
  objects: Map<string, Json>;
  /** Stripe.js confirming the SetupIntent with a test card in the browser. */
  confirmSetup(setupIntentId: string, card: TestCard): void;
  /** Stripe.js confirming a requires_action PaymentIntent (the card holder passed 3-D Secure). */
  authenticate(paymentIntentId: string): Json;
  /** The customer pays on Checkout: the session completes with a succeeded PaymentIntent (returned). */
  completeCheckout(sessionId: string): Json;
  /** While true, every request is processed and its connection dropped before the answer. */
  loseAnswers: boolean;
  paymentIntents(): Json[];
  refunds(): Json[];
  signedEvent(type: string, object: Json, id?: string): { payload: string; signature: string; id: string };
  close(): Promise<void>;
}

const CARDS: Record<TestCard, { brand: string; last4: string }> = {
  visa: { brand: 'visa', last4: '4242' },
  decline: { brand: 'visa', last4: '0002' },
  authenticate: { brand: 'visa', last4: '3184' },
};

/** `metadata[a]=1&metadata[b]=2` → { a: '1', b: '2' }. */
function nested(form: URLSearchParams, key: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = new RegExp(`^${key}\\[([^\\]]+)\\]$`).exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake_leadsmith';
  const webhookSecret = 'whsec_fake_leadsmith';
  const objects = new Map<string, Json>();
  const checkoutIntentData = new Map<string, { metadata: Record<string, string>; destination: string | null; fee: string | null }>();
  const cardOf = new Map<string, TestCard>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: FakeStripe['requests'] = [];
  const sockets = new Set<Socket>();
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_fake${String((counter += 1)).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const notFound = (id: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } } });

  function paymentMethod(card: TestCard, customer: string | null): Json {
    const id = newId('pm');
    const pm = { id, object: 'payment_method', type: 'card', customer, created: now(), livemode: false, metadata: {}, card: { ...CARDS[card], exp_month: 12, exp_year: 2034, country: 'US', funding: 'credit' } };
    objects.set(id, pm);
    cardOf.set(id, card);
    return pm;
  }

  function handle(method: string, path: string, form: URLSearchParams, query: URLSearchParams): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: form.get('email'), metadata: nested(form, 'metadata'), created: now(), livemode: false };
      objects.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = newId('seti');
      const seti = { id, object: 'setup_intent', client_secret: `${id}_secret_fake`, customer: form.get('customer'), status: 'requires_payment_method', usage: form.get('usage') ?? 'off_session', payment_method: null, metadata: nested(form, 'metadata'), created: now(), livemode: false };
      objects.set(id, seti);
      return { status: 200, body: seti };
    }
    const m = /^\/v1\/(setup_intents|payment_methods|payment_intents|customers|accounts)\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && m) {
      const found = objects.get(m[2]!);
      if (!found) return notFound(m[2]!);
      if (m[1] === 'setup_intents' && query.getAll('expand[]').includes('payment_method') && typeof found.payment_method === 'string') return { status: 200, body: { ...found, payment_method: objects.get(found.payment_method) } };
      return { status: 200, body: found };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pmId = form.get('payment_method') ?? '';
      const pm = objects.get(pmId);
      if (!pm) return notFound(pmId);
      if (pm.customer !== form.get('customer')) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_method_not_attached' } } };
      const id = newId('pi');
      const offSession = form.get('off_session') === 'true';
      const card = cardOf.get(pmId)!;
      const pi: Json = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        payment_method: pmId,
        client_secret: `${id}_secret_fake`,
        description: form.get('description'),
        metadata: nested(form, 'metadata'),
        application_fee_amount: form.get('application_fee_amount') ? Number(form.get('application_fee_amount')) : null,
        transfer_data: form.get('transfer_data[destination]') ? { destination: form.get('transfer_data[destination]') } : null,
        status: 'succeeded',
        last_payment_error: null,
        created: now(),
        livemode: false,
      };
      objects.set(id, pi);
      if (card === 'decline') {
        Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } });
        return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: pi } } };
      }
      if (card === 'authenticate') {
        if (offSession) {
          Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'authentication_required' } });
          return { status: 402, body: { error: { type: 'card_error', code: 'authentication_required', message: 'This payment requires authentication.', payment_intent: pi } } };
        }
        Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      }
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const piId = form.get('payment_intent') ?? '';
      const pi = objects.get(piId);
      if (!pi) return notFound(piId);
      if (pi.status !== 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable' } } };
      if ([...objects.values()].some((o) => o.object === 'refund' && o.payment_intent === piId)) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded' } } };
      const refund = { id: newId('re'), object: 'refund', amount: pi.amount, payment_intent: piId, status: 'succeeded', reverse_transfer: form.get('reverse_transfer') === 'true', created: now() };
      objects.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        customer_email: form.get('customer_email'),
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        metadata: nested(form, 'metadata'),
        payment_intent: null,
        created: now(),
        livemode: false,
      };
      objects.set(id, session);
      checkoutIntentData.set(id, {
        metadata: nested(form, 'payment_intent_data[metadata]'),
        destination: form.get('payment_intent_data[transfer_data][destination]'),
        fee: form.get('payment_intent_data[application_fee_amount]'),
      });
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = objects.get(form.get('customer') ?? '');
      if (!customer) return notFound(form.get('customer') ?? '');
      const id = newId('bps');
      return { status: 200, body: { id, object: 'billing_portal.session', customer: customer.id, return_url: form.get('return_url'), url: `https://billing.stripe.test/p/session/${id}`, created: now(), livemode: false } };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = { id: newId('acct'), object: 'account', type: form.get('type') ?? 'express', email: form.get('email'), charges_enabled: false, details_submitted: false, metadata: nested(form, 'metadata'), created: now() };
      objects.set(account.id, account);
      return { status: 200, body: account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = objects.get(form.get('account') ?? '');
      if (!account) return notFound(form.get('account') ?? '');
      return { status: 200, body: { object: 'account_link', url: `https://connect.stripe.test/setup/${String(account.id)}`, created: now(), expires_at: now() + 300 } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const fake: FakeStripe = {
    url: '',
    secretKey,
    webhookSecret,
    requests,
    objects,
    loseAnswers: false,
    confirmSetup(setupIntentId, card) {
      const seti = objects.get(setupIntentId);
      if (!seti) throw new Error(`no SetupIntent ${setupIntentId}`);
      const pm = paymentMethod(card, seti.customer as string);
      Object.assign(seti, { status: 'succeeded', payment_method: pm.id });
    },
    authenticate(paymentIntentId) {
      const pi = objects.get(paymentIntentId);
      if (!pi) throw new Error(`no PaymentIntent ${paymentIntentId}`);
      Object.assign(pi, { status: 'succeeded', last_payment_error: null, next_action: null });
      return pi;
    },
    completeCheckout(sessionId) {
      const session = objects.get(sessionId);
      const data = checkoutIntentData.get(sessionId);
      if (!session || !data) throw new Error(`no Checkout Session ${sessionId}`);
      const id = newId('pi');
      const pi = {
        id,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        metadata: data.metadata,
        transfer_data: data.destination ? { destination: data.destination } : null,
        application_fee_amount: data.fee ? Number(data.fee) : null,
        created: now(),
        livemode: false,
      };
      objects.set(id, pi);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id });
      return session;
    },
    paymentIntents: () => [...objects.values()].filter((o) => o.object === 'payment_intent'),
    refunds: () => [...objects.values()].filter((o) => o.object === 'refund'),
    signedEvent(type, object, id = newId('evt')) {
      const payload = JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: now(), livemode: false, type, data: { object }, pending_webhooks: 1, request: { id: null, idempotency_key: null } });
      return { payload, id, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(raw);
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key, form });
      let answer: { status: number; body: Json };
      if (req.headers.authorization !== `Bearer ${secretKey}`) answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      else if (key && idempotent.has(`${req.method} ${url.pathname} ${key}`)) answer = idempotent.get(`${req.method} ${url.pathname} ${key}`)!;
      else {
        answer = handle(req.method ?? 'GET', url.pathname, form, url.searchParams);
        if (key && req.method === 'POST') idempotent.set(`${req.method} ${url.pathname} ${key}`, { status: answer.status, body: structuredClone(answer.body) });
      }
      if (fake.loseAnswers) {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${counter}`, ...(key ? { 'idempotency-key': key } : {}) });
      res.end(JSON.stringify(answer.body));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
