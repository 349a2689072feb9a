import type { AreaRouteConfig } from '@leadsmith/shared';
import { BusinessAccountPage } from './features/business-account/components/BusinessAccountPage';
import { CustomLinksPage } from './features/custom-links/components/CustomLinksPage';
import { EmailTemplatesPage } from './features/email-templates/components/EmailTemplatesPage';
import { PackageFormPage } from './features/packages/components/PackageFormPage';
import { PackagesPage } from './features/packages/components/PackagesPage';
import { SalesSettingsPage } from './features/packages/components/SalesSettingsPage';
import { PartnerFormPage } from './features/partners/components/PartnerFormPage';
import { PartnersPage } from './features/partners/components/PartnersPage';
import { SmtpPage } from './features/smtp/components/SmtpPage';
import { SupportChatPage } from './features/support-chat/components/SupportChatPage';
import { StripeCallbackPage } from './features/stripe/components/StripeCallbackPage';
import { StripePage } from './features/stripe/components/StripePage';
import { CreditPurchasesPage } from './features/subscriptions/components/CreditPurchasesPage';
import { SubscriptionFormPage } from './features/subscriptions/components/SubscriptionFormPage';
import { SubscriptionsPage } from './features/subscriptions/components/SubscriptionsPage';
import { CourseDetailPage } from './features/training-content/components/CourseDetailPage';
import { CoursePageFormPage } from './features/training-content/components/CoursePageFormPage';
import { TrainingContentPage } from './features/training-content/components/TrainingContentPage';
import { UsageHistoryPage } from './features/subscriptions/components/UsageHistoryPage';
import { WebhooksPage } from './features/webhooks/components/WebhooksPage';

const r = (key: string) => `whitelabel:routes.${key}`;

/** White-label routes (spec §2: path whitelabel, redirects to business-account; `upgrade` is shell-owned). */
export const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'business-account' },
  { path: 'business-account', titleKey: r('businessAccount'), element: <BusinessAccountPage /> },
  {
    path: 'packages',
    titleKey: r('packages'),
    element: <PackagesPage />,
    children: [
      { path: 'create', titleKey: r('packageCreate'), back: true, element: <PackageFormPage mode="create" /> },
      { path: ':id/edit', titleKey: r('packageEdit'), back: true, element: <PackageFormPage mode="edit" /> },
      { path: ':id/sales-settings', titleKey: r('salesSettings'), back: true, element: <SalesSettingsPage /> },
    ],
  },
  {
    path: 'subscriptions',
    titleKey: r('subscriptions'),
    element: <SubscriptionsPage />,
    children: [
      {
        path: 'create',
        titleKey: r('subscriptionCreate'),
        back: true,
        element: <SubscriptionFormPage mode="create" />,
      },
      { path: ':id/edit', titleKey: r('subscriptionEdit'), back: true, element: <SubscriptionFormPage mode="edit" /> },
      { path: 'usage-history', titleKey: r('usageHistory'), back: true, element: <UsageHistoryPage /> },
      { path: 'credit-purchases', titleKey: r('creditPurchases'), back: true, element: <CreditPurchasesPage /> },
    ],
  },
  {
    path: 'stripe',
    titleKey: r('stripe'),
    element: <StripePage />,
    children: [{ path: 'callback', titleKey: r('stripeCallback'), element: <StripeCallbackPage /> }],
  },
  { path: 'custom-links', titleKey: r('customLinks'), element: <CustomLinksPage /> },
  { path: 'smtp', titleKey: r('smtp'), element: <SmtpPage /> },
  { path: 'support-chat', titleKey: r('supportChat'), element: <SupportChatPage /> },
  { path: 'webhook', titleKey: r('webhook'), element: <WebhooksPage /> },
  { path: 'email-templates', titleKey: r('emailTemplates'), element: <EmailTemplatesPage /> },
  {
    path: 'training-content',
    titleKey: r('trainingContent'),
    element: <TrainingContentPage />,
    children: [
      {
        path: ':id',
        titleKey: r('course'),
        back: true,
        element: <CourseDetailPage />,
        children: [
          { path: 'create', titleKey: r('pageCreate'), back: true, element: <CoursePageFormPage mode="create" /> },
          { path: ':pageId/edit', titleKey: r('pageEdit'), back: true, element: <CoursePageFormPage mode="edit" /> },
        ],
      },
    ],
  },
  {
    path: 'partners',
    titleKey: r('partners'),
    element: <PartnersPage />,
    children: [
      { path: 'create', titleKey: r('partnerCreate'), back: true, element: <PartnerFormPage mode="create" /> },
      { path: ':id/edit', titleKey: r('partnerEdit'), back: true, element: <PartnerFormPage mode="edit" /> },
    ],
  },
];
