import { randomBytes } from 'node:crypto';
import type { PackageModuleSlug } from '@leadsmith/shared/constants';
import type { Db, Queryable } from '../../db';
import { ApiError, unprocessable } from '../../http/errors';
import type { JobQueue } from '../../queue/jobQueue';
import { queuePackageSync, queueProductArchive } from './stripeCatalog.service';
import {
  deletePackageRow,
  insertPackage,
  keepableModuleSlugs,
  lockPackage,
  lockPackageId,
  ownPackage,
  packageInUse,
  replacePackageModules,
  updatePackageRow,
} from './packages.repository';
import type { OwnPackage, PackageInput } from './packages.schemas';

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

/** A package's search limit when the reseller gives none (the spec sets no number). */
export const DEFAULT_PACKAGE_SEARCH_LIMIT = 1000;

/**
 * Replaces a package's modules. The reseller adds only modules it holds itself (own or plan): the first
 * other one is refused with 422 naming `modules.<i>`. A module already on the package that the reseller
 * has since lost may stay (saving the package's other fields keeps it; it grants nothing until the
 * reseller holds it again, ADR 056). Customers hold them through user_held_modules, so a module taken
 * off is gone at their next request.
 */
export async function setPackageModules(
  q: Queryable,
  ownerId: number,
  packageId: number,
  modules: readonly PackageModuleSlug[],
): Promise<void> {
  const held = await keepableModuleSlugs(q, ownerId, packageId);
  const missing = modules.findIndex((slug) => !held.has(slug));
  if (missing >= 0) throw unprocessable('whitelabel.module_not_held', `modules.${missing}`);
  await replacePackageModules(q, packageId, modules);
}

function slugFor(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'package'}-${randomBytes(3).toString('hex')}`;
}

/** Creates a package with its modules. */
export async function createPackage(
  db: Db,
  owner: number,
  input: PackageInput,
  modules: readonly PackageModuleSlug[],
  now: Date,
): Promise<OwnPackage> {
  return db.transaction(async (tx) => {
    const id = await insertPackage(tx, owner, input, slugFor(input.name), now);
    await setPackageModules(tx, owner, id, modules);
    return ownPackage(tx, id);
  });
}

/**
 * Changes a package of the owner (404 otherwise) under its row lock; a new name or amount goes to the
 * package's Product and Prices at Stripe after the commit (stripeCatalog.service.ts). Modules are replaced when given.
 */
export async function updatePackage(
  db: Db,
  queue: JobQueue,
  owner: number,
  id: number,
  input: PackageInput,
  modules: readonly PackageModuleSlug[] | undefined,
  now: () => Date,
): Promise<OwnPackage> {
  return db.transaction(async (tx) => {
    const before = await lockPackage(tx, id, owner);
    if (!before) throw new ApiError(404, 'not_found');
    const after = await updatePackageRow(tx, id, input, now());
    await queuePackageSync(tx, queue, before, after);
    if (modules) await setPackageModules(tx, owner, id, modules);
    return ownPackage(tx, id);
  });
}

/** Deletes a package of the owner no subscription uses (422 whitelabel.plan_in_use); its Product and Prices at Stripe are archived after the commit. */
export async function deletePackage(db: Db, queue: JobQueue, owner: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockPackageId(tx, id, owner))) throw new ApiError(404, 'not_found');
    if (await packageInUse(tx, id)) throw unprocessable('whitelabel.plan_in_use', 'id');
    // Its Product and Prices at Stripe are archived after the commit (the delete takes their rows).
    await queueProductArchive(tx, queue, id);
    await deletePackageRow(tx, id);
  });
}
