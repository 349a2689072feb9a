import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';

/**
 * A local Stripe for tests: the REST endpoints the app calls through the official SDK (its host, port
 * and protocol options point here), answering the objects of Stripe's API reference — Customer,
 * SetupIntent, PaymentMethod, PaymentIntent, Refund, Account, AccountLink, and Billing's Product, Price,
 * Subscription and Invoice, the Search API's metadata queries for PaymentIntents and Subscriptions (API 2025+: periods on the subscription item, the subscription under the
 * invoice's `parent.subscription_details`, payments as an includable list; a subscription updated for
 * `cancel_at_period_end` or an item's new price, prorated or not) — form-encoded requests,
 * Bearer secret key, `Idempotency-Key` replays (the same key answers the first answer again), card
 * errors as 402 with the PaymentIntent inside. `confirmSetup` plays Stripe.js confirming a SetupIntent
 * in the browser; `loseAnswers` processes requests and then drops the connection (a lost answer),
 * `loseNextAnswers` does so only for the next answers of one path (a network error the SDK retries);
 * `signedEvent` builds a webhook delivery signed with the SDK's test-header helper.
 *
 * Events: with `deliverTo` set, the fake sends the events Stripe would (signed the same way, in order,
 * after the answer): `customer.subscription.created|updated|deleted`, `invoice.paid`,
 * `invoice.payment_failed`, `checkout.session.completed|expired`. `advance` plays a subscription's
 * next billing period (paid, or failed as a declined card would), `delivered()` waits for the sends.
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
  /**
   * The customer finishes Checkout: a payment session completes with a succeeded PaymentIntent, a setup
   * session with a SetupIntent that saved `card` (returned; sent as checkout.session.completed when delivering).
   */
  completeCheckout(sessionId: string, card?: TestCard): Json;
  /** The buyer never came back: the session expires (sent as checkout.session.expired when delivering). */
  expireCheckout(sessionId: string): Json;
  /**
   * The subscription's next period: its invoice is paid with the default card, or fails (`fail`, `error`,
   * or a declining card); a failed PaymentIntent carries `error` as its last_payment_error (a generic decline by default).
   */
  advance(subscriptionId: string, options?: { fail?: boolean; error?: Json }): Json;
  /** Where events are sent (the app's webhook endpoint); null: none are sent. */
  deliverTo: ((delivery: { payload: string; signature: string; type: string }) => Promise<unknown>) | null;
  /** Resolves once every event emitted so far was sent. */
  delivered(): Promise<void>;
  /** Events emitted (sent or not), oldest first. */
  events: { id: string; type: string; object: Json }[];
  subscriptions(): Json[];
  /** Stripe keeps idempotency keys for 24 hours: after this, a repeated key makes a new object. */
  forgetIdempotencyKeys(): void;
  /** While true, every request is processed and its connection dropped before the answer. */
  loseAnswers: boolean;
  /** The next `count` answers to POSTs on `path` are processed and their connection dropped (a transient network error). */
  loseNextAnswers: { path: string; count: number } | null;
  /** Runs after a request was processed and before it is answered (the answer waits for the promise it returns). */
  beforeAnswer: ((method: string, path: string) => Promise<void> | undefined) | null;
  /**
   * While set, requests to this path (`/v1/payment_intents`) are recorded in `requests` and left
   * unanswered and unprocessed (a Stripe that hangs before doing anything); null answers again.
   */
  holdPath: string | null;
  paymentIntents(): Json[];
  refunds(): Json[];
  /** A delivery of an event signed as Stripe signs it; `created` (Unix seconds) defaults to the fake's clock. */
  signedEvent(
    type: string,
    object: Json,
    id?: string,
    created?: number,
  ): { payload: string; signature: string; id: string };
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
  const checkoutIntentData = new Map<
    string,
    {
      setupMetadata: Record<string, string>;
      metadata: Record<string, string>;
      destination: string | null;
      fee: string | null;
    }
  >();
  const cardOf = new Map<string, TestCard>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const paymentsOf = new Map<string, Json[]>();
  const priceOfSub = new Map<string, Json>();
  /** Prorations of price changes, billed on the subscription's next invoice. */
  const prorationOf = new Map<string, number>();
  const requests: FakeStripe['requests'] = [];
  const sockets = new Set<Socket>();
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_fake${String((counter += 1)).padStart(6, '0')}`;
  /** Stripe's time: a test clock that `advance` moves to the period it bills (as Stripe's test clocks do). */
  let clockOffset = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;
  const events: FakeStripe['events'] = [];
  let sending: Promise<void> = Promise.resolve();
  /** Stripe sends an event after the request that caused it was answered, one after another here. */
  const emit = (type: string, object: Json) => {
    const event = { id: newId('evt'), type, object: structuredClone(object) };
    events.push(event);
    sending = sending.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            if (!fake.deliverTo) return resolve();
            const signed = fake.signedEvent(type, event.object, event.id);
            void fake.deliverTo({ ...signed, type }).then(
              () => resolve(),
              () => resolve(),
            );
          }),
        ),
    );
  };
  const expandOf = (form: URLSearchParams, query: URLSearchParams): string[] =>
    [...form, ...query].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
  const DAY = 86_400;
  /** The end of a period of one `interval` from `start` (calendar months, UTC, as Stripe bills). */
  const periodEnd = (start: number, interval: string, days = 0): number => {
    if (days > 0) return start + days * DAY;
    const d = new Date(start * 1000);
    if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return Math.floor(d.getTime() / 1000);
  };
  const cardError = (code: string, message: string) => ({
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code,
        ...(code === 'card_declined' ? { decline_code: 'generic_decline' } : {}),
        message,
      },
    },
  });

  /** An invoice of a subscription's period, paid with its default card (a PaymentIntent) unless it fails. */
  function invoiceFor(
    sub: Json,
    amount: number,
    period: { start: number; end: number },
    reason: string,
    fail: boolean,
    error?: Json,
  ): Json {
    const id = newId('in');
    const pm = String(sub.default_payment_method ?? '');
    let intent: Json | null = null;
    if (amount > 0) {
      const pid = newId('pi');
      intent = {
        id: pid,
        object: 'payment_intent',
        amount,
        currency: 'usd',
        customer: sub.customer,
        payment_method: pm,
        status: fail ? 'requires_payment_method' : 'succeeded',
        last_payment_error: fail
          ? (error ?? {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            })
          : null,
        metadata: {},
        transfer_data: sub.transfer_data,
        created: now(),
        livemode: false,
      };
      objects.set(pid, intent);
    }
    const invoice: Json = {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: fail ? 'open' : 'paid',
      billing_reason: reason,
      currency: 'usd',
      amount_due: amount,
      amount_paid: fail ? 0 : amount,
      amount_remaining: fail ? amount : 0,
      attempt_count: 1,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: {
        object: 'list',
        has_more: false,
        data: [{ id: newId('il'), object: 'line_item', amount, currency: 'usd', period }],
      },
      period_start: period.start,
      period_end: period.end,
      created: now(),
      livemode: false,
    };
    objects.set(id, invoice);
    // A failed attempt stays on the invoice as an open payment of its PaymentIntent (Stripe retries it).
    paymentsOf.set(
      id,
      intent
        ? [
            {
              id: newId('inpay'),
              object: 'invoice_payment',
              invoice: id,
              amount_paid: fail ? null : amount,
              amount_requested: amount,
              currency: 'usd',
              is_default: true,
              status: fail ? 'open' : 'paid',
              payment: { type: 'payment_intent', payment_intent: intent.id },
            },
          ]
        : [],
    );
    return invoice;
  }
  const withPayments = (invoice: Json): Json => ({
    ...invoice,
    payments: { object: 'list', has_more: false, data: paymentsOf.get(String(invoice.id)) ?? [] },
  });
  const itemOf = (sub: Json) => (sub.items as { data: Json[] }).data[0]!;
  const notFound = (id: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } },
  });

  function paymentMethod(card: TestCard, customer: string | null): Json {
    const id = newId('pm');
    const pm = {
      id,
      object: 'payment_method',
      type: 'card',
      customer,
      created: now(),
      livemode: false,
      metadata: {},
      card: { ...CARDS[card], exp_month: 12, exp_year: 2034, country: 'US', funding: 'credit' },
    };
    objects.set(id, pm);
    cardOf.set(id, card);
    return pm;
  }

  function handle(
    method: string,
    path: string,
    form: URLSearchParams,
    query: URLSearchParams,
  ): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: form.get('email'),
        metadata: nested(form, 'metadata'),
        created: now(),
        livemode: false,
      };
      objects.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = newId('seti');
      const seti = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_fake`,
        customer: form.get('customer'),
        status: 'requires_payment_method',
        usage: form.get('usage') ?? 'off_session',
        payment_method: null,
        metadata: nested(form, 'metadata'),
        created: now(),
        livemode: false,
      };
      objects.set(id, seti);
      return { status: 200, body: seti };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      // Stripe's Search API (https://docs.stripe.com/api/payment_intents/search), Search Query Language, the one clause the app sends: metadata['<key>']:'<value>'.
      const clause = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.get('query') ?? '');
      if (!clause)
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', param: 'query', message: 'Unsupported search query.' } },
        };
      const data = [...objects.values()].filter(
        (o) => o.object === 'payment_intent' && (o.metadata as Record<string, string>)[clause[1]!] === clause[2],
      );
      return {
        status: 200,
        body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data },
      };
    }
    if (method === 'GET' && path === '/v1/subscriptions/search') {
      // Stripe's Search API (https://docs.stripe.com/api/subscriptions/search), the clause the app sends:
      // metadata['<key>']:'<value>', with data.latest_invoice(.payments) expandable as on a retrieve.
      const clause = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.get('query') ?? '');
      if (!clause)
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', param: 'query', message: 'Unsupported search query.' } },
        };
      const expand = expandOf(form, query);
      const data = [...objects.values()]
        .filter((o) => o.object === 'subscription' && (o.metadata as Record<string, string>)[clause[1]!] === clause[2])
        .map((sub) => {
          const invoice = objects.get(String(sub.latest_invoice));
          if (!invoice) return sub;
          return {
            ...sub,
            latest_invoice: expand.includes('data.latest_invoice.payments')
              ? withPayments(invoice)
              : expand.includes('data.latest_invoice')
                ? invoice
                : invoice.id,
          };
        });
      return {
        status: 200,
        body: { object: 'search_result', url: '/v1/subscriptions/search', has_more: false, next_page: null, data },
      };
    }
    const m =
      /^\/v1\/(setup_intents|payment_methods|payment_intents|customers|accounts|products|prices|subscriptions|invoices|checkout\/sessions)\/([A-Za-z0-9_]+)$/.exec(
        path,
      );
    if (method === 'GET' && m) {
      const found = objects.get(m[2]!);
      if (!found) return notFound(m[2]!);
      if (m[1] === 'invoices' && expandOf(form, query).includes('payments'))
        return { status: 200, body: withPayments(found) };
      if (
        m[1] === 'setup_intents' &&
        query.getAll('expand[]').includes('payment_method') &&
        typeof found.payment_method === 'string'
      )
        return { status: 200, body: { ...found, payment_method: objects.get(found.payment_method) } };
      return { status: 200, body: found };
    }
    const detach = /^\/v1\/payment_methods\/([A-Za-z0-9_]+)\/detach$/.exec(path);
    if (method === 'POST' && detach) {
      const pm = objects.get(detach[1]!);
      if (!pm) return notFound(detach[1]!);
      if (!pm.customer)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
            },
          },
        };
      pm.customer = null;
      emit('payment_method.detached', pm);
      return { status: 200, body: pm };
    }
    if (method === 'POST' && path === '/v1/products') {
      const product = {
        id: newId('prod'),
        object: 'product',
        name: form.get('name'),
        active: true,
        metadata: nested(form, 'metadata'),
        created: now(),
        livemode: false,
      };
      objects.set(product.id, product);
      return { status: 200, body: product };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const product = objects.get(form.get('product') ?? '');
      if (!product) return notFound(form.get('product') ?? '');
      const interval = form.get('recurring[interval]');
      if (interval && interval !== 'month' && interval !== 'year')
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              param: 'recurring[interval]',
              message: 'Invalid recurring[interval]',
            },
          },
        };
      const price = {
        id: newId('price'),
        object: 'price',
        product: product.id,
        active: true,
        currency: form.get('currency'),
        unit_amount: Number(form.get('unit_amount')),
        type: interval ? 'recurring' : 'one_time',
        recurring: interval ? { interval, interval_count: 1, usage_type: 'licensed' } : null,
        metadata: nested(form, 'metadata'),
        created: now(),
        livemode: false,
      };
      objects.set(price.id, price);
      return { status: 200, body: price };
    }
    // A Product's name or active flag, a Price's active flag (its amount cannot change: Stripe's prices are immutable).
    const catalogUpdate = /^\/v1\/(products|prices)\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'POST' && catalogUpdate) {
      const found = objects.get(catalogUpdate[2]!);
      if (!found) return notFound(catalogUpdate[2]!);
      const immutable = [...form.keys()].find(
        (k) =>
          ![
            'active',
            'metadata',
            ...(catalogUpdate[1] === 'products' ? ['name', 'description'] : ['nickname', 'lookup_key']),
          ].includes(k.replace(/\[.*$/, '')),
      );
      if (immutable)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              param: immutable,
              message: `Received unknown parameter: ${immutable}`,
            },
          },
        };
      if (form.has('active')) found.active = form.get('active') === 'true';
      if (form.has('name')) found.name = form.get('name');
      found.updated = now();
      return { status: 200, body: found };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = objects.get(form.get('customer') ?? '');
      if (!customer) return notFound(form.get('customer') ?? '');
      const price = objects.get(form.get('items[0][price]') ?? '');
      if (!price || !price.recurring) return notFound(form.get('items[0][price]') ?? '');
      if (price.active !== true)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              param: 'items[0][price]',
              message: 'The price specified is inactive. This field only accepts active prices.',
            },
          },
        };
      const pmId = form.get('default_payment_method') ?? '';
      const pm = objects.get(pmId);
      if (!pm || pm.customer !== customer.id)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'default_payment_method',
              message: `No such PaymentMethod: '${pmId}'`,
            },
          },
        };
      const trialDays = Number(form.get('trial_period_days') ?? 0);
      const trialFee = Number(form.get('add_invoice_items[0][price_data][unit_amount]') ?? 0);
      const amount = trialDays > 0 ? trialFee : Number(price.unit_amount);
      const card = cardOf.get(pmId)!;
      // error_if_incomplete: a first invoice that cannot be paid creates nothing and answers 402.
      if (amount > 0 && card === 'decline') return cardError('card_declined', 'Your card was declined.');
      if (amount > 0 && card === 'authenticate')
        return cardError('authentication_required', 'This payment requires authentication.');
      const start = now();
      const end = periodEnd(start, String((price.recurring as Json).interval), trialDays);
      const id = newId('sub');
      const sub: Json = {
        id,
        object: 'subscription',
        customer: customer.id,
        status: trialDays > 0 ? 'trialing' : 'active',
        default_payment_method: pmId,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        trial_end: trialDays > 0 ? end : null,
        metadata: nested(form, 'metadata'),
        application_fee_percent: form.get('application_fee_percent')
          ? Number(form.get('application_fee_percent'))
          : null,
        transfer_data: form.get('transfer_data[destination]')
          ? { destination: form.get('transfer_data[destination]') }
          : null,
        payment_behavior: form.get('payment_behavior'),
        items: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
        latest_invoice: null,
        start_date: start,
        created: start,
        livemode: false,
      };
      const invoice = invoiceFor(sub, amount, { start, end }, 'subscription_create', false);
      sub.latest_invoice = invoice.id;
      objects.set(id, sub);
      priceOfSub.set(id, price);
      emit('customer.subscription.created', sub);
      emit('invoice.paid', invoice);
      const expand = expandOf(form, query);
      const latest = expand.includes('latest_invoice.payments')
        ? withPayments(invoice)
        : expand.includes('latest_invoice')
          ? invoice
          : invoice.id;
      return { status: 200, body: { ...sub, latest_invoice: latest } };
    }
    const subPath = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(path);
    if (subPath && (method === 'POST' || method === 'DELETE')) {
      const sub = objects.get(subPath[1]!);
      if (!sub || sub.status === 'canceled') return notFound(subPath[1]!);
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
        emit('customer.subscription.deleted', sub);
        return { status: 200, body: sub };
      }
      const previous: Json = { cancel_at_period_end: sub.cancel_at_period_end };
      // A new price for an item (`items[0][id]` and `items[0][price]`): the item keeps its id and period;
      // prorations (the default, `create_prorations`) bill the price difference for the rest of the
      // period on the next invoice, `none` leaves the period as paid. An interval change is not played.
      if (form.has('items[0][price]')) {
        const item = itemOf(sub);
        if (form.get('items[0][id]') !== item.id)
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                param: 'items[0][id]',
                message: `Invalid subscription_item id: ${form.get('items[0][id]') ?? ''}`,
              },
            },
          };
        const price = objects.get(form.get('items[0][price]')!);
        if (!price || price.object !== 'price') return notFound(form.get('items[0][price]')!);
        if (price.active !== true)
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                param: 'items[0][price]',
                message: 'The price specified is inactive. This field only accepts active prices.',
              },
            },
          };
        const old = priceOfSub.get(sub.id as string)!;
        if ((price.recurring as Json | null)?.interval !== (old.recurring as Json).interval)
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                param: 'items[0][price]',
                message: 'The fake plays price changes within one interval only.',
              },
            },
          };
        const proration = form.get('proration_behavior') ?? 'create_prorations';
        if (!['create_prorations', 'none', 'always_invoice'].includes(proration))
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                param: 'proration_behavior',
                message: `Invalid proration_behavior: must be one of create_prorations, none, or always_invoice`,
              },
            },
          };
        if (proration !== 'none') {
          const start = Number(item.current_period_start);
          const end = Number(item.current_period_end);
          const left = Math.max(0, end - now()) / Math.max(1, end - start);
          prorationOf.set(
            sub.id as string,
            (prorationOf.get(sub.id as string) ?? 0) +
              Math.round((Number(price.unit_amount) - Number(old.unit_amount)) * left),
          );
        }
        previous.items = structuredClone(sub.items);
        item.price = price;
        priceOfSub.set(sub.id as string, price);
      }
      if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      sub.canceled_at = sub.cancel_at_period_end ? now() : null;
      emit('customer.subscription.updated', { ...sub, previous_attributes: previous });
      return { status: 200, body: sub };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pmId = form.get('payment_method') ?? '';
      const pm = objects.get(pmId);
      if (!pm) return notFound(pmId);
      if (pm.customer !== form.get('customer'))
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_method_not_attached' } } };
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
        transfer_data: form.get('transfer_data[destination]')
          ? { destination: form.get('transfer_data[destination]') }
          : null,
        status: 'succeeded',
        last_payment_error: null,
        created: now(),
        livemode: false,
      };
      objects.set(id, pi);
      if (card === 'decline') {
        Object.assign(pi, {
          status: 'requires_payment_method',
          last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
        });
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: pi,
            },
          },
        };
      }
      if (card === 'authenticate') {
        if (offSession) {
          Object.assign(pi, {
            status: 'requires_payment_method',
            last_payment_error: { type: 'card_error', code: 'authentication_required' },
          });
          return {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'authentication_required',
                message: 'This payment requires authentication.',
                payment_intent: pi,
              },
            },
          };
        }
        Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      }
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const piId = form.get('payment_intent') ?? '';
      const pi = objects.get(piId);
      if (!pi) return notFound(piId);
      if (pi.status !== 'succeeded')
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable' } } };
      if ([...objects.values()].some((o) => o.object === 'refund' && o.payment_intent === piId))
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded' } } };
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount: pi.amount,
        payment_intent: piId,
        status: 'succeeded',
        reverse_transfer: form.get('reverse_transfer') === 'true',
        created: now(),
      };
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
        amount_total: form.get('mode') === 'setup' ? null : Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? form.get('currency'),
        customer: form.get('customer'),
        setup_intent: null,
        subscription: null,
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        metadata: nested(form, 'metadata'),
        payment_intent: null,
        created: now(),
        livemode: false,
      };
      objects.set(id, session);
      checkoutIntentData.set(id, {
        setupMetadata: nested(form, 'setup_intent_data[metadata]'),
        metadata: nested(form, 'payment_intent_data[metadata]'),
        destination: form.get('payment_intent_data[transfer_data][destination]'),
        fee: form.get('payment_intent_data[application_fee_amount]'),
      });
      return { status: 200, body: session };
    }
    const expire = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = objects.get(expire[1]!);
      if (!session) return notFound(expire[1]!);
      if (session.status !== 'open')
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
            },
          },
        };
      Object.assign(session, { status: 'expired', url: null });
      emit('checkout.session.expired', session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = objects.get(form.get('customer') ?? '');
      if (!customer) return notFound(form.get('customer') ?? '');
      const id = newId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer: customer.id,
          return_url: form.get('return_url'),
          url: `https://billing.stripe.test/p/session/${id}`,
          created: now(),
          livemode: false,
        },
      };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: newId('acct'),
        object: 'account',
        type: form.get('type') ?? 'express',
        email: form.get('email'),
        charges_enabled: false,
        details_submitted: false,
        metadata: nested(form, 'metadata'),
        created: now(),
      };
      objects.set(account.id, account);
      return { status: 200, body: account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = objects.get(form.get('account') ?? '');
      if (!account) return notFound(form.get('account') ?? '');
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/${String(account.id)}`,
          created: now(),
          expires_at: now() + 300,
        },
      };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  }

  const fake: FakeStripe = {
    url: '',
    secretKey,
    webhookSecret,
    requests,
    objects,
    loseAnswers: false,
    loseNextAnswers: null,
    beforeAnswer: null,
    holdPath: null,
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
    completeCheckout(sessionId, card = 'visa') {
      const session = objects.get(sessionId);
      const data = checkoutIntentData.get(sessionId);
      if (!session || !data) throw new Error(`no Checkout Session ${sessionId}`);
      if (session.mode === 'setup') {
        const customer = String(session.customer);
        const pm = paymentMethod(card, customer);
        const seti = {
          id: newId('seti'),
          object: 'setup_intent',
          customer,
          status: 'succeeded',
          usage: 'off_session',
          payment_method: pm.id,
          metadata: data.setupMetadata,
          created: now(),
          livemode: false,
        };
        objects.set(seti.id, seti);
        Object.assign(session, { status: 'complete', setup_intent: seti.id });
        emit('checkout.session.completed', session);
        return session;
      }
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
      emit('checkout.session.completed', session);
      return session;
    },
    expireCheckout(sessionId) {
      const session = objects.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`no open Checkout Session ${sessionId}`);
      Object.assign(session, { status: 'expired', url: null });
      emit('checkout.session.expired', session);
      return session;
    },
    advance(subscriptionId, options = {}) {
      const sub = objects.get(subscriptionId);
      if (!sub || sub.status === 'canceled') throw new Error(`no live Subscription ${subscriptionId}`);
      const item = itemOf(sub);
      const price = priceOfSub.get(subscriptionId)!;
      // Cancelled at the period's end: the period ends, no invoice.
      if (sub.cancel_at_period_end) {
        clockOffset += Math.max(0, Number(item.current_period_end) - now());
        Object.assign(sub, {
          status: 'canceled',
          ended_at: item.current_period_end,
          canceled_at: item.current_period_end,
        });
        emit('customer.subscription.deleted', sub);
        return sub;
      }
      const start = Number(item.current_period_end);
      clockOffset += Math.max(0, start - now());
      const end = periodEnd(start, String((price.recurring as Json).interval));
      const fail =
        options.fail === true ||
        options.error !== undefined ||
        cardOf.get(String(sub.default_payment_method)) !== 'visa';
      const invoice = invoiceFor(
        sub,
        Number(price.unit_amount) + (prorationOf.get(subscriptionId) ?? 0),
        { start, end },
        'subscription_cycle',
        fail,
        options.error,
      );
      prorationOf.delete(subscriptionId);
      sub.latest_invoice = invoice.id;
      if (fail) {
        const previous = { status: sub.status };
        sub.status = 'past_due';
        emit('invoice.payment_failed', invoice);
        emit('customer.subscription.updated', { ...sub, previous_attributes: previous });
      } else {
        Object.assign(item, { current_period_start: start, current_period_end: end });
        sub.status = 'active';
        emit('invoice.paid', invoice);
      }
      return invoice;
    },
    deliverTo: null,
    delivered: async () => {
      let seen: Promise<void> | null = null;
      // Sends queued while waiting are waited for too.
      while (seen !== sending) {
        seen = sending;
        await seen;
      }
    },
    events,
    subscriptions: () => [...objects.values()].filter((o) => o.object === 'subscription'),
    forgetIdempotencyKeys: () => idempotent.clear(),
    paymentIntents: () => [...objects.values()].filter((o) => o.object === 'payment_intent'),
    refunds: () => [...objects.values()].filter((o) => o.object === 'refund'),
    signedEvent(type, object, id = newId('evt'), created = now()) {
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created,
        livemode: false,
        type,
        data: { object },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
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
      if (fake.holdPath === url.pathname) return;
      let answer: { status: number; body: Json };
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        answer = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      else if (key && idempotent.has(`${req.method} ${url.pathname} ${key}`))
        answer = idempotent.get(`${req.method} ${url.pathname} ${key}`)!;
      else {
        answer = handle(req.method ?? 'GET', url.pathname, form, url.searchParams);
        if (key && req.method === 'POST')
          idempotent.set(`${req.method} ${url.pathname} ${key}`, {
            status: answer.status,
            body: structuredClone(answer.body),
          });
      }
      const lostOnce =
        fake.loseNextAnswers !== null &&
        req.method === 'POST' &&
        fake.loseNextAnswers.path === url.pathname &&
        fake.loseNextAnswers.count > 0;
      if (lostOnce) fake.loseNextAnswers!.count -= 1;
      if (fake.loseAnswers || lostOnce) {
        req.socket.destroy();
        return;
      }
      const reply = () => {
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': `req_${counter}`,
          ...(key ? { 'idempotency-key': key } : {}),
        });
        res.end(JSON.stringify(answer.body));
      };
      const hold = fake.beforeAnswer?.(req.method ?? 'GET', url.pathname);
      if (hold) void hold.then(reply, reply);
      else reply();
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
