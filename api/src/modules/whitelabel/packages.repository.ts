import { CUSTOMER_BASE_MODULE_SLUGS, type PackageModuleSlug } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';
import type { OwnPackage, Package, PackageInput } from './packages.schemas';

export const PACKAGE_COLUMNS = `id, slug, name, description, monthly_price_cents, yearly_price_cents, one_time_price_cents, trial_days, trial_amount_cents,
  monthly_credits, credit_price_cents, collect_payment_method, available_for_billing_portal, show_on_sales_page, create_via_form,
  form_available_days, thank_you_url, custom_fields, search_limit, past_due_access, created_at, updated_at`;

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

/** A package with its modules and its unavailable modules (ADR 050, 056). */
export async function ownPackage(q: Queryable, id: number): Promise<OwnPackage> {
  return (
    await q.query<OwnPackage>(`SELECT ${PACKAGE_COLUMNS}, ${MODULES_COLUMN} FROM whitelabel_packages WHERE id = $1`, [
      id,
    ])
  ).rows[0]!;
}

export async function packageOf(q: Queryable, resellerId: number, id: number): Promise<Package | null> {
  const { rows } = await q.query<Package>(
    `SELECT ${PACKAGE_COLUMNS} FROM whitelabel_packages WHERE id = $1 AND owner_id = $2`,
    [id, resellerId],
  );
  return rows[0] ?? null;
}

export type PackageListRow = OwnPackage & { subscribers: number; has_sales_settings: boolean };

/** A page of the owner's packages, newest first, with their active subscribers and whether they have a sales page. */
export async function listPackages(
  q: Queryable,
  owner: number,
  { limit, offset }: PageWindow,
): Promise<PackageListRow[]> {
  const { rows } = await q.query<PackageListRow>(
    `SELECT ${PACKAGE_COLUMNS}, ${MODULES_COLUMN},
              (SELECT count(*)::int FROM whitelabel_subscriptions s WHERE s.package_id = whitelabel_packages.id AND s.status = 'active') AS subscribers,
              EXISTS (SELECT 1 FROM whitelabel_sales_settings ss WHERE ss.package_id = whitelabel_packages.id) AS has_sales_settings
         FROM whitelabel_packages WHERE owner_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [owner, limit, offset],
  );
  return rows;
}

export async function countPackages(q: Queryable, owner: number): Promise<number> {
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_packages WHERE owner_id = $1',
    [owner],
  );
  return count.rows[0]?.total ?? 0;
}

/** The module slugs the owner holds (own or plan) and those already on the package. */
export async function keepableModuleSlugs(q: Queryable, ownerId: number, packageId: number): Promise<Set<string>> {
  const { rows } = await q.query<{ slug: string }>(
    `SELECT m.slug FROM user_held_modules hm JOIN modules m ON m.id = hm.module_id WHERE hm.user_id = $1
     UNION SELECT m.slug FROM whitelabel_package_modules wm JOIN modules m ON m.id = wm.module_id WHERE wm.package_id = $2`,
    [ownerId, packageId],
  );
  return new Set(rows.map((r) => r.slug));
}

export async function replacePackageModules(
  q: Queryable,
  packageId: number,
  modules: readonly PackageModuleSlug[],
): Promise<void> {
  await q.query('DELETE FROM whitelabel_package_modules WHERE package_id = $1', [packageId]);
  await q.query(
    'INSERT INTO whitelabel_package_modules (package_id, module_id) SELECT $1, id FROM modules WHERE slug = ANY($2::text[])',
    [packageId, `{${modules.join(',')}}`],
  );
}

export async function insertPackage(
  q: Queryable,
  owner: number,
  input: PackageInput,
  slug: string,
  now: Date,
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO whitelabel_packages (${VALUE_COLUMNS.join(', ')}, owner_id, slug, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb, $17, $18, $19, $20, $21, $21) RETURNING id`,
    [...valuesOf(input), owner, slug, now],
  );
  return rows[0]!.id;
}

/** Locks a package of the owner and answers it as it is, or null. */
export async function lockPackage(q: Queryable, id: number, owner: number): Promise<Package | null> {
  const before = (
    await q.query<Package>(
      `SELECT ${PACKAGE_COLUMNS} FROM whitelabel_packages WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
      [id, owner],
    )
  ).rows[0];
  return before ?? null;
}

/** Writes the package's fields (its revision goes up); answers it as saved. */
export async function updatePackageRow(q: Queryable, id: number, input: PackageInput, now: Date): Promise<Package> {
  const sets = VALUE_COLUMNS.map((c, i) => `${c} = $${i + 1}${c === 'custom_fields' ? '::jsonb' : ''}`).join(', ');
  const { rows } = await q.query<Package>(
    `UPDATE whitelabel_packages SET ${sets}, updated_at = $19, revision = revision + 1 WHERE id = $20 RETURNING ${PACKAGE_COLUMNS}`,
    [...valuesOf(input), now, id],
  );
  return rows[0]!;
}

/** Locks a package of the owner; false when it has none of that id. */
export async function lockPackageId(q: Queryable, id: number, owner: number): Promise<boolean> {
  const pkg = await q.query('SELECT id FROM whitelabel_packages WHERE id = $1 AND owner_id = $2 FOR UPDATE', [
    id,
    owner,
  ]);
  return pkg.rows[0] !== undefined;
}

/** Whether any subscription (whatever its status) is on the package. */
export async function packageInUse(q: Queryable, id: number): Promise<boolean> {
  const used = await q.query('SELECT 1 FROM whitelabel_subscriptions WHERE package_id = $1 LIMIT 1', [id]);
  return used.rows[0] !== undefined;
}

export async function deletePackageRow(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM whitelabel_packages WHERE id = $1', [id]);
}

/** A package shown on the sales page under this slug, with its owner. */
export async function salesPackageBySlug(q: Queryable, slug: string): Promise<(Package & { owner_id: number }) | null> {
  const { rows } = await q.query<Package & { owner_id: number }>(
    `SELECT ${PACKAGE_COLUMNS}, owner_id FROM whitelabel_packages WHERE slug = $1 AND show_on_sales_page`,
    [slug],
  );
  return rows[0] ?? null;
}

/** A package by id, whoever's. */
export async function packageById(q: Queryable, id: number): Promise<Package | undefined> {
  return (await q.query<Package>(`SELECT ${PACKAGE_COLUMNS} FROM whitelabel_packages WHERE id = $1`, [id])).rows[0];
}
