import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CUSTOMER_BASE_MODULE_SLUGS, PACKAGE_MODULE_SLUGS, type PackageModuleSlug } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import {
  Message,
  MessageProperties,
  Nullable,
  Page,
  StringEnum,
  Timestamp,
  Type,
  type Static,
} from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { say } from '../respond';
import { paymentsFor } from '../../providers/payments';
import {
  defineStripeCatalogWorkers,
  queuePackageSync,
  queueProductArchive,
  subscribersOnOldTerms,
} from './stripeCatalog';
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
  type Paginated,
} from '../../modules/whitelabel/common';

/** Spec §5/§9: a credit sells for more than 12 cents. */
export const MIN_CREDIT_PRICE_CENTS_EXCLUSIVE = 12;
/** Spec §5/§9: sales-page expiry at most 365 days; missing or larger gives a one-year subscription. */
export const MAX_FORM_DAYS = 365;
export const MAX_CUSTOM_FIELDS = 20;
/** Spec §5: dropdown options are alphanumeric. */
export const ALPHANUMERIC = /^[A-Za-z0-9 ]+$/;

/** Days a subscription bought through the sales page lasts. */
export function salesSubscriptionDays(formAvailableDays: number | null | undefined): number {
  return !formAvailableDays || formAvailableDays < 1 || formAvailableDays > MAX_FORM_DAYS
    ? MAX_FORM_DAYS
    : formAvailableDays;
}

const CustomFieldSchema = Type.Object({
  label: Type.String(),
  optional: Type.Boolean(),
  type: StringEnum(['text', 'dropdown'] as const),
  options: Type.Array(Type.String()),
});
export type CustomField = Static<typeof CustomFieldSchema>;

/** Spec §3 Package. Prices are integer cents. */
const PackageSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  monthly_price_cents: Type.Integer(),
  yearly_price_cents: Nullable(Type.Integer()),
  one_time_price_cents: Nullable(Type.Integer()),
  trial_days: Type.Integer(),
  trial_amount_cents: Type.Integer(),
  monthly_credits: Type.Integer(),
  credit_price_cents: Type.Integer(),
  collect_payment_method: Type.Boolean(),
  available_for_billing_portal: Type.Boolean(),
  show_on_sales_page: Type.Boolean(),
  create_via_form: Type.Boolean(),
  form_available_days: Nullable(Type.Integer()),
  thank_you_url: Nullable(Type.String()),
  custom_fields: Type.Array(CustomFieldSchema),
  /** The customer's monthly search limit, its own number (not the credits); null leaves the customer's limit as it is. */
  search_limit: Nullable(Type.Integer()),
  /** What the customer keeps while a renewal is unpaid: `pause` its access, or `keep` it until the provider gives up. */
  past_due_access: StringEnum(['pause', 'keep'] as const),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type Package = Static<typeof PackageSchema>;
/**
 * A package as its reseller sees it: with the modules it adds to its customers' base (ADR 050), and those of
 * its customers' modules (the base and the added ones) the reseller no longer holds, which no customer gets
 * until the reseller holds them again (ADR 056).
 */
const OwnPackageSchema = Type.Object({
  ...PackageSchema.properties,
  modules: Type.Array(StringEnum(PACKAGE_MODULE_SLUGS)),
  unavailable_modules: Type.Array(StringEnum(PACKAGE_MODULE_SLUGS)),
});
type OwnPackage = Static<typeof OwnPackageSchema>;
/** A package in the list: with its active subscribers and whether it has a sales page. */
const PackageListItem = Type.Object({
  ...OwnPackageSchema.properties,
  subscribers: Type.Integer(),
  has_sales_settings: Type.Boolean(),
});
const SavedPackage = Type.Object({ ...MessageProperties, data: OwnPackageSchema });
/** One package as its form reads it, with its Stripe subscribers a free ↔ paid change left on their previous price (ADR 048). */
const PackageDetail = Type.Object({ ...OwnPackageSchema.properties, subscribers_on_old_terms: Type.Integer() });

export type PackageInput = Omit<Package, 'id' | 'slug' | 'created_at' | 'updated_at'> & {
  modules?: PackageModuleSlug[];
};

/**
 * The modules a package grants, and those of its customers' modules (base and added) its reseller no longer
 * holds (own or plan, user_held_modules), as columns of a query over whitelabel_packages (unaliased).
 */
const MODULES_COLUMN = `COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM whitelabel_package_modules wm JOIN modules m ON m.id = wm.module_id
    WHERE wm.package_id = whitelabel_packages.id), '[]'::json) AS modules,
  COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM modules m
    WHERE (m.slug IN (${CUSTOMER_BASE_MODULE_SLUGS.map((slug) => `'${slug}'`).join(', ')})
           OR EXISTS (SELECT 1 FROM whitelabel_package_modules wm WHERE wm.package_id = whitelabel_packages.id AND wm.module_id = m.id))
      AND NOT EXISTS (SELECT 1 FROM user_held_modules hm WHERE hm.user_id = whitelabel_packages.owner_id AND hm.module_id = m.id)), '[]'::json) AS unavailable_modules`;

/**
 * Replaces a package's modules. The reseller adds only modules it holds itself (own or plan): the first
 * other one is refused with 422 naming `modules.<i>`. A module already on the package that the reseller
 * has since lost may stay (saving the package's other fields keeps it; it grants nothing until the
 * reseller holds it again, ADR 056). Customers hold them through user_held_modules, so a module taken
 * off is gone at their next request.
 */
async function setPackageModules(
  q: Queryable,
  ownerId: number,
  packageId: number,
  modules: readonly PackageModuleSlug[],
): Promise<void> {
  const { rows } = await q.query<{ slug: string }>(
    `SELECT m.slug FROM user_held_modules hm JOIN modules m ON m.id = hm.module_id WHERE hm.user_id = $1
     UNION SELECT m.slug FROM whitelabel_package_modules wm JOIN modules m ON m.id = wm.module_id WHERE wm.package_id = $2`,
    [ownerId, packageId],
  );
  const held = new Set(rows.map((r) => r.slug));
  const missing = modules.findIndex((slug) => !held.has(slug));
  if (missing >= 0) throw unprocessable('whitelabel.module_not_held', `modules.${missing}`);
  await q.query('DELETE FROM whitelabel_package_modules WHERE package_id = $1', [packageId]);
  await q.query(
    'INSERT INTO whitelabel_package_modules (package_id, module_id) SELECT $1, id FROM modules WHERE slug = ANY($2::text[])',
    [packageId, `{${modules.join(',')}}`],
  );
}

async function ownPackage(q: Queryable, id: number): Promise<OwnPackage> {
  return (
    await q.query<OwnPackage>(`SELECT ${PACKAGE_COLUMNS}, ${MODULES_COLUMN} FROM whitelabel_packages WHERE id = $1`, [
      id,
    ])
  ).rows[0]!;
}

export const PACKAGE_COLUMNS = `id, slug, name, description, monthly_price_cents, yearly_price_cents, one_time_price_cents, trial_days, trial_amount_cents,
  monthly_credits, credit_price_cents, collect_payment_method, available_for_billing_portal, show_on_sales_page, create_via_form,
  form_available_days, thank_you_url, custom_fields, search_limit, past_due_access, created_at, updated_at`;

/** A package's search limit when the reseller gives none (the spec sets no number). */
export const DEFAULT_PACKAGE_SEARCH_LIMIT = 1000;

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

function slugFor(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'package'}-${randomBytes(3).toString('hex')}`;
}

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

export async function packageOf(q: Queryable, resellerId: number, id: number): Promise<Package | null> {
  const { rows } = await q.query<Package>(
    `SELECT ${PACKAGE_COLUMNS} FROM whitelabel_packages WHERE id = $1 AND owner_id = $2`,
    [id, resellerId],
  );
  return rows[0] ?? null;
}

const VALUE_COLUMNS = [
  'name',
  'description',
  'monthly_price_cents',
  'yearly_price_cents',
  'one_time_price_cents',
  'trial_days',
  'trial_amount_cents',
  'monthly_credits',
  'credit_price_cents',
  'collect_payment_method',
  'available_for_billing_portal',
  'show_on_sales_page',
  'create_via_form',
  'form_available_days',
  'thank_you_url',
  'custom_fields',
  'search_limit',
  'past_due_access',
] as const;

const valuesOf = (input: PackageInput) =>
  VALUE_COLUMNS.map((c) => (c === 'custom_fields' ? JSON.stringify(input.custom_fields) : input[c]));

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
      const { page, pageSize } = request.query;
      const { rows } = await db.query<OwnPackage & { subscribers: number; has_sales_settings: boolean }>(
        `SELECT ${PACKAGE_COLUMNS}, ${MODULES_COLUMN},
              (SELECT count(*)::int FROM whitelabel_subscriptions s WHERE s.package_id = whitelabel_packages.id AND s.status = 'active') AS subscribers,
              EXISTS (SELECT 1 FROM whitelabel_sales_settings ss WHERE ss.package_id = whitelabel_packages.id) AS has_sales_settings
         FROM whitelabel_packages WHERE owner_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [owner, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM whitelabel_packages WHERE owner_id = $1',
        [owner],
      );
      const result: Paginated<(typeof rows)[number]> = {
        data: rows,
        currentPage: page,
        pageSize,
        total: count.rows[0]?.total ?? 0,
      };
      return result;
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
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO whitelabel_packages (${VALUE_COLUMNS.join(', ')}, owner_id, slug, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb, $17, $18, $19, $20, $21, $21) RETURNING id`,
          [...valuesOf(input), owner, slugFor(input.name), now],
        );
        await setPackageModules(tx, owner, rows[0]!.id, request.body.modules ?? []);
        return ownPackage(tx, rows[0]!.id);
      });
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
      const sets = VALUE_COLUMNS.map((c, i) => `${c} = $${i + 1}${c === 'custom_fields' ? '::jsonb' : ''}`).join(', ');
      const saved = await db.transaction(async (tx) => {
        const before = (
          await tx.query<Package>(
            `SELECT ${PACKAGE_COLUMNS} FROM whitelabel_packages WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
            [request.params.id, owner],
          )
        ).rows[0];
        if (!before) throw notFound();
        const { rows } = await tx.query<Package>(
          `UPDATE whitelabel_packages SET ${sets}, updated_at = $19, revision = revision + 1 WHERE id = $20 RETURNING ${PACKAGE_COLUMNS}`,
          [...valuesOf(input), clock.now(), request.params.id],
        );
        // A new name or amount goes to the package's Product and Prices at Stripe after the commit (stripeCatalog.ts).
        await queuePackageSync(tx, queue, before, rows[0]!);
        if (request.body.modules) await setPackageModules(tx, owner, request.params.id, request.body.modules);
        return ownPackage(tx, request.params.id);
      });
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
      await db.transaction(async (tx) => {
        const pkg = await tx.query('SELECT id FROM whitelabel_packages WHERE id = $1 AND owner_id = $2 FOR UPDATE', [
          request.params.id,
          owner,
        ]);
        if (!pkg.rows[0]) throw notFound();
        const used = await tx.query('SELECT 1 FROM whitelabel_subscriptions WHERE package_id = $1 LIMIT 1', [
          request.params.id,
        ]);
        if (used.rows[0]) throw unprocessable('whitelabel.plan_in_use', 'id');
        // Its Product and Prices at Stripe are archived after the commit (the delete takes their rows).
        await queueProductArchive(tx, queue, request.params.id);
        await tx.query('DELETE FROM whitelabel_packages WHERE id = $1', [request.params.id]);
      });
      return say(request, 'whitelabel.package_deleted');
    },
  );
}
