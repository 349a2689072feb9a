import type { AreaRouteConfig } from '@leadsmith/shared';

const r = (key: string) => `whitelabel:routes.${key}`;

/** White-label routes (spec §2: path whitelabel, redirects to business-account; `upgrade` is shell-owned). */
export const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'business-account' },
  { path: 'business-account', titleKey: r('businessAccount') },
  {
    path: 'packages',
    titleKey: r('packages'),
    children: [
      { path: 'create', titleKey: r('packageCreate'), back: true },
      { path: ':id/edit', titleKey: r('packageEdit'), back: true },
      { path: ':id/sales-settings', titleKey: r('salesSettings'), back: true },
    ],
  },
  {
    path: 'subscriptions',
    titleKey: r('subscriptions'),
    children: [
      { path: 'create', titleKey: r('subscriptionCreate'), back: true },
      { path: ':id/edit', titleKey: r('subscriptionEdit'), back: true },
      { path: 'usage-history', titleKey: r('usageHistory'), back: true },
    ],
  },
  { path: 'stripe', titleKey: r('stripe'), children: [{ path: 'callback', titleKey: r('stripeCallback') }] },
  { path: 'custom-links', titleKey: r('customLinks') },
  { path: 'smtp', titleKey: r('smtp') },
  { path: 'webhook', titleKey: r('webhook') },
  { path: 'email-templates', titleKey: r('emailTemplates') },
  {
    path: 'training-content',
    titleKey: r('trainingContent'),
    children: [
      {
        path: ':id',
        titleKey: r('course'),
        back: true,
        children: [
          { path: 'create', titleKey: r('pageCreate'), back: true },
          { path: ':pageId/edit', titleKey: r('pageEdit'), back: true },
        ],
      },
    ],
  },
  {
    path: 'partners',
    titleKey: r('partners'),
    children: [
      { path: 'create', titleKey: r('partnerCreate'), back: true },
      { path: ':id/edit', titleKey: r('partnerEdit'), back: true },
    ],
  },
];
