import { Link } from '@chakra-ui/react';
import { CUSTOMER_BASE_MODULE_SLUGS, PACKAGE_MODULE_SLUGS, type PackageModuleSlug } from '@leadsmith/shared';
import { type ResourceDefinition } from '@leadsmith/shared/resource';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../components/format';
import { resourceTexts } from '../../../components/resourceTexts';
import { packagesApi, type PackageRow } from '../api/listPackages';

/** What a package's customers hold while paid: the base modules, then what the package adds (ADR 050). */
export function packageModules(added: readonly PackageModuleSlug[]): PackageModuleSlug[] {
  const base: readonly PackageModuleSlug[] = CUSTOMER_BASE_MODULE_SLUGS;
  return [...base, ...PACKAGE_MODULE_SLUGS.filter((slug) => added.includes(slug) && !base.includes(slug))];
}

/** A module's name, marked when the reseller no longer holds it (its customers do not get it). */
export function moduleLabel(t: TFunction, slug: PackageModuleSlug, unavailable: readonly PackageModuleSlug[]): string {
  const name = t(`packages.moduleNames.${slug}`);
  return unavailable.includes(slug) ? t('packages.moduleUnavailable', { name }) : name;
}

/** whitelabel/packages: the list; a package's form is its own (prices in dollars, custom fields), see PackageFormPage. */
export const PACKAGES: ResourceDefinition<PackageRow> = {
  ns: 'whitelabel',
  texts: resourceTexts('packages'),
  api: () => packagesApi,
  titleKey: 'routes.packages',
  createKey: 'routes.packageCreate',
  editKey: 'routes.packageEdit',
  form: 'page',
  paths: { list: () => '/packages', create: () => '/packages/create', edit: (_scope, id) => `/packages/${id}/edit` },
  labelField: 'name',
  fields: [],
  columns: (t, language) => [
    { key: 'name', header: t('packages.name'), render: (r) => r.name },
    {
      key: 'monthly',
      header: t('packages.monthlyPrice'),
      end: true,
      render: (r) => formatMoney(r.monthly_price_cents, language),
    },
    {
      key: 'credits',
      header: t('packages.monthlyCredits'),
      end: true,
      render: (r) => r.monthly_credits.toLocaleString(language),
    },
    {
      key: 'modules',
      header: t('packages.modules'),
      // A module the reseller no longer holds stays on the package but reaches no customer: it says so (ADR 056).
      render: (r) =>
        new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(
          packageModules(r.modules).map((slug) => moduleLabel(t, slug, r.unavailable_modules)),
        ),
    },
    {
      key: 'subscribers',
      header: t('packages.subscribers'),
      end: true,
      render: (r) => r.subscribers.toLocaleString(language),
    },
    {
      key: 'page',
      header: t('packages.salesPage'),
      render: (r) =>
        r.show_on_sales_page ? (
          <Link
            href={`/p/${r.slug}`}
            target="_blank"
            rel="noopener"
            color="brand.fg"
            textDecoration="underline"
            aria-label={t('packages.openSalesPage', { name: r.name })}
          >
            {`/p/${r.slug}`}
          </Link>
        ) : (
          t('packages.hidden')
        ),
    },
  ],
};
