import type { ResourceDefinition } from '@leadsmith/shared/resource';
import { resourceTexts } from '../../../components/resourceTexts';
import { partnersApi, type Partner } from '../api/partnersApi';

/** whitelabel/partners: the reseller's referral partners, created and edited on their own screens. */
export const PARTNERS: ResourceDefinition<Partner> = {
  ns: 'whitelabel',
  texts: resourceTexts('partners'),
  api: () => partnersApi,
  titleKey: 'routes.partners',
  createKey: 'routes.partnerCreate',
  editKey: 'routes.partnerEdit',
  form: 'page',
  paths: { list: () => '/partners', create: () => '/partners/create', edit: (_scope, id) => `/partners/${id}/edit` },
  labelField: 'name',
  fields: [
    { name: 'name', labelKey: 'partners.name', kind: 'text', required: true, maxLength: 150 },
    { name: 'email', labelKey: 'partners.email', kind: 'email', nullable: true, maxLength: 254 },
    { name: 'company', labelKey: 'partners.company', kind: 'text', nullable: true, maxLength: 150 },
    {
      name: 'referral_code',
      labelKey: 'partners.referralCode',
      kind: 'text',
      required: true,
      maxLength: 60,
      pattern: { regex: /^[a-zA-Z0-9-]*$/, messageKey: 'lettersNumbersHyphens' },
    },
    {
      name: 'commission_percent',
      labelKey: 'partners.commission',
      kind: 'integer',
      required: true,
      initial: '0',
      min: 0,
      max: 100,
    },
    { name: 'active', labelKey: 'partners.active', kind: 'checkbox' },
  ],
  columns: (t) => [
    { key: 'name', header: t('partners.name'), render: (p) => p.name },
    { key: 'email', header: t('partners.email'), render: (p) => p.email ?? '—' },
    { key: 'company', header: t('partners.company'), render: (p) => p.company ?? '—' },
    { key: 'code', header: t('partners.referralCode'), render: (p) => p.referral_code },
    { key: 'commission', header: t('partners.commission'), end: true, render: (p) => `${p.commission_percent} %` },
    { key: 'active', header: t('partners.active'), render: (p) => t(p.active ? 'links.yes' : 'links.no') },
  ],
};
