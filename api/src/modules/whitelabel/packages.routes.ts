import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_MODULE_SLUGS } from '@leadsmith/shared/constants';
import type { AppDeps } from '../../http/context';
import {
  Defaulted,
  Message,
  MessageProperties,
  OrNull,
  Page,
  StringEnum,
  Type,
  pageOf,
  pageWindow,
  type Static,
} from '../../http/contract';
import { nameSchema } from '../../http/schemas';
import { say } from '../../http/respond';
import { paymentsFor } from '../../providers/payments';
import { subscribersOnOldTerms } from './stripeCatalog.repository';
import { defineStripeCatalogWorkers } from './stripeCatalog.service';
import {
  blankToNull,
  centsSchema,
  idParamsSchema,
  Issues,
  notFound,
  nullableCentsSchema,
  optionalText,
  pageQuerySchema,
  resellerGuard,
  resellerIdOf,
  urlSchema,
} from './common';
import { countPackages, listPackages, ownPackage, packageOf } from './packages.repository';
import { OwnPackageSchema, type PackageInput } from './packages.schemas';
import {
  ALPHANUMERIC,
  createPackage,
  DEFAULT_PACKAGE_SEARCH_LIMIT,
  deletePackage,
  MAX_CUSTOM_FIELDS,
  MAX_FORM_DAYS,
  MIN_CREDIT_PRICE_CENTS_EXCLUSIVE,
  updatePackage,
} from './packages.service';

/** A package in the list: with its active subscribers and whether it has a sales page. */
const PackageListItem = Type.Object({
  ...OwnPackageSchema.properties,
  subscribers: Type.Integer(),
  has_sales_settings: Type.Boolean(),
});
const SavedPackage = Type.Object({ ...MessageProperties, data: OwnPackageSchema });
/** One package as its form reads it, with its Stripe subscribers a free ↔ paid change left on their previous price (ADR 048). */
const PackageDetail = Type.Object({ ...OwnPackageSchema.properties, subscribers_on_old_terms: Type.Integer() });

const customFieldSchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    optional: Defaulted(Type.Boolean({ default: false })),
    type: Defaulted(StringEnum(['text', 'dropdown'] as const, { default: 'text' })),
    options: Defaulted(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 30, default: [] })),
  },
  { additionalProperties: false },
);

const bodySchema = Type.Object(
  {
    name: nameSchema,
    description: Type.Optional(optionalText(2000)),
    monthly_price_cents: centsSchema,
    yearly_price_cents: Type.Optional(nullableCentsSchema),
    one_time_price_cents: Type.Optional(nullableCentsSchema),
    trial_days: Defaulted(Type.Integer({ minimum: 0, maximum: 365, default: 0 })),
    trial_amount_cents: Defaulted({ ...centsSchema, default: 0 }),
    monthly_credits: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
    credit_price_cents: Type.Integer({ minimum: 0, maximum: 100_000 }),
    collect_payment_method: Defaulted(Type.Boolean({ default: true })),
    available_for_billing_portal: Defaulted(Type.Boolean({ default: false })),
    show_on_sales_page: Defaulted(Type.Boolean({ default: true })),
    create_via_form: Defaulted(Type.Boolean({ default: true })),
    form_available_days: Type.Optional(OrNull(Type.Integer({ minimum: 1, maximum: MAX_FORM_DAYS }))),
    thank_you_url: Type.Optional(urlSchema),
    custom_fields: Defaulted(Type.Array(customFieldSchema, { maxItems: MAX_CUSTOM_FIELDS, default: [] })),
    search_limit: Defaulted(
      OrNull(Type.Integer({ minimum: 0, maximum: 10_000_000, default: DEFAULT_PACKAGE_SEARCH_LIMIT })),
    ),
    past_due_access: Defaulted(StringEnum(['pause', 'keep'] as const, { default: 'pause' })),
    modules: Type.Optional(
      Type.Array(StringEnum(PACKAGE_MODULE_SLUGS), { uniqueItems: true, maxItems: PACKAGE_MODULE_SLUGS.length }),
    ),
  },
  { additionalProperties: false },
);
type Body = Static<typeof bodySchema>;

function checkRules(body: Body): PackageInput {
  const issues = new Issues();
  const input: PackageInput = {
    ...body,
    description: blankToNull(body.description),
    yearly_price_cents: body.yearly_price_cents ?? null,
    one_time_price_cents: body.one_time_price_cents ?? null,
    thank_you_url: blankToNull(body.thank_you_url),
    form_available_days: body.form_available_days ?? null,
  };
  if (input.credit_price_cents <= MIN_CREDIT_PRICE_CENTS_EXCLUSIVE)
    issues.add({
      field: 'credit_price_cents',
      code: 'whitelabel.credit_price',
      params: { more: MIN_CREDIT_PRICE_CENTS_EXCLUSIVE },
    });
  issues.url('thank_you_url', input.thank_you_url);
  input.custom_fields = body.custom_fields.map((f, i) => {
    const options = f.type === 'dropdown' ? f.options.map((o) => o.trim()) : [];
    if (f.type === 'dropdown' && options.length === 0)
      issues.add({ field: `custom_fields.${i}.options`, code: 'validation.required' });
    if (options.some((o) => !ALPHANUMERIC.test(o)))
      issues.add({ field: `custom_fields.${i}.options`, code: 'whitelabel.alphanumeric' });
    return { label: f.label.trim(), optional: f.optional, type: f.type, options };
  });
  issues.throwIfAny();
  return input;
}

export function packageRoutes(api: FastifyInstance, deps: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, queue } = deps;
  const guard = resellerGuard(app);
  defineStripeCatalogWorkers(queue, db, paymentsFor(deps).provider.billing, () => clock.now());

  app.get(
    '/api/whitelabel/packages',
    {
      onRequest: guard,
      schema: {
        summary: 'Your packages (paginated)',
        querystring: Type.Object(pageQuerySchema, { additionalProperties: false }),
        response: { 200: Page(PackageListItem) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const rows = await listPackages(db, owner, pageWindow(request.query));
      return pageOf(rows, request.query, await countPackages(db, owner));
    },
  );

  app.get(
    '/api/whitelabel/packages/:id',
    { onRequest: guard, schema: { summary: 'One package', params: idParamsSchema, response: { 200: PackageDetail } } },
    async (request) => {
      const pkg = await packageOf(db, await resellerIdOf(db, request), request.params.id);
      if (!pkg) throw notFound();
      return { ...(await ownPackage(db, pkg.id)), subscribers_on_old_terms: await subscribersOnOldTerms(db, pkg.id) };
    },
  );

  app.post(
    '/api/whitelabel/packages',
    { onRequest: guard, schema: { summary: 'Create a package', body: bodySchema, response: { 201: SavedPackage } } },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const input = checkRules(request.body);
      const created = await createPackage(db, owner, input, request.body.modules ?? [], clock.now());
      reply.code(201);
      return { ...say(request, 'whitelabel.package_created'), data: created };
    },
  );

  app.put(
    '/api/whitelabel/packages/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a package',
        params: idParamsSchema,
        body: bodySchema,
        response: { 200: SavedPackage },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const input = checkRules(request.body);
      const saved = await updatePackage(db, queue, owner, request.params.id, input, request.body.modules, () =>
        clock.now(),
      );
      return { ...say(request, 'whitelabel.package_updated'), data: saved };
    },
  );

  app.delete(
    '/api/whitelabel/packages/:id',
    {
      onRequest: guard,
      schema: { summary: 'Delete a package no one subscribes to', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await deletePackage(db, queue, owner, request.params.id);
      return say(request, 'whitelabel.package_deleted');
    },
  );
}
