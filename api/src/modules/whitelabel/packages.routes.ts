import type { FastifyInstance } from 'fastify';
import { PACKAGE_MODULE_SLUGS } from '@leadsmith/shared/constants';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Page, Type, pageOf, pageWindow } from '../../http/contract';
import { objectSchema } from '../../http/schemas';
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
  type PageQuery,
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

const customFieldSchema = objectSchema(
  {
    label: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    optional: { type: 'boolean', default: false },
    type: { type: 'string', enum: ['text', 'dropdown'], default: 'text' },
    options: { type: 'array', maxItems: 30, items: { type: 'string', minLength: 1, maxLength: 50 }, default: [] },
  },
  ['label'],
);

const bodySchema = objectSchema(
  {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    description: optionalText(2000),
    monthly_price_cents: centsSchema,
    yearly_price_cents: nullableCentsSchema,
    one_time_price_cents: nullableCentsSchema,
    trial_days: { type: 'integer', minimum: 0, maximum: 365, default: 0 },
    trial_amount_cents: { ...centsSchema, default: 0 },
    monthly_credits: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
    credit_price_cents: { type: 'integer', minimum: 0, maximum: 100_000 },
    collect_payment_method: { type: 'boolean', default: true },
    available_for_billing_portal: { type: 'boolean', default: false },
    show_on_sales_page: { type: 'boolean', default: true },
    create_via_form: { type: 'boolean', default: true },
    form_available_days: { type: ['integer', 'null'], minimum: 1, maximum: MAX_FORM_DAYS },
    thank_you_url: urlSchema,
    custom_fields: { type: 'array', maxItems: MAX_CUSTOM_FIELDS, items: customFieldSchema, default: [] },
    search_limit: { type: ['integer', 'null'], minimum: 0, maximum: 10_000_000, default: DEFAULT_PACKAGE_SEARCH_LIMIT },
    past_due_access: { type: 'string', enum: ['pause', 'keep'], default: 'pause' },
    modules: {
      type: 'array',
      items: { type: 'string', enum: PACKAGE_MODULE_SLUGS },
      uniqueItems: true,
      maxItems: PACKAGE_MODULE_SLUGS.length,
    },
  },
  ['name', 'monthly_price_cents', 'credit_price_cents'],
);

function checkRules(body: PackageInput): PackageInput {
  const issues = new Issues();
  const input: PackageInput = {
    ...body,
    description: blankToNull(body.description),
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
  input.custom_fields = (body.custom_fields ?? []).map((f, i) => {
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

export function packageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, queue } = deps;
  const guard = resellerGuard(app);
  defineStripeCatalogWorkers(queue, db, paymentsFor(deps).provider.billing, () => clock.now());

  app.get<{ Querystring: PageQuery }>(
    '/api/whitelabel/packages',
    {
      onRequest: guard,
      schema: {
        summary: 'Your packages (paginated)',
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(PackageListItem) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const rows = await listPackages(db, owner, pageWindow(request.query));
      return pageOf(rows, request.query, await countPackages(db, owner));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/whitelabel/packages/:id',
    { onRequest: guard, schema: { summary: 'One package', params: idParamsSchema, response: { 200: PackageDetail } } },
    async (request) => {
      const pkg = await packageOf(db, await resellerIdOf(db, request), request.params.id);
      if (!pkg) throw notFound();
      return { ...(await ownPackage(db, pkg.id)), subscribers_on_old_terms: await subscribersOnOldTerms(db, pkg.id) };
    },
  );

  app.post<{ Body: PackageInput }>(
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

  app.put<{ Body: PackageInput; Params: { id: number } }>(
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

  app.delete<{ Params: { id: number } }>(
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
