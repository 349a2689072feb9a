import { Navigate, useParams } from 'react-router';
import { paths, type AreaRouteConfig } from '@leadsmith/shared';
import { BillingPortalPage } from './features/billing-portal/components/BillingPortalPage';
import { BusinessProfilePage } from './features/business-profile/components/BusinessProfilePage';
import { CoursePage } from './features/courses/components/CoursePage';
import { CoursesPage } from './features/courses/components/CoursesPage';
import { CrmFieldsPage } from './features/integrations/components/CrmFieldsPage';
import { CrmPage } from './features/integrations/components/CrmPage';
import { WebhookListPage } from './features/integrations/components/WebhookListPage';
import { WebhookPage } from './features/integrations/components/WebhookPage';
import { WalletPage } from './features/wallet/components/WalletPage';
import { CreditUsagePage } from './features/credit-usage/components/CreditUsagePage';
import { ManageTeamPage } from './features/manage-team/components/ManageTeamPage';
import { PrivacyPage } from './features/profile-settings/components/PrivacyPage';
import { ApiKeysPage } from './features/profile-settings/components/ApiKeysPage';
import { EmailPage } from './features/profile-settings/components/EmailPage';
import { PasswordPage } from './features/profile-settings/components/PasswordPage';
import { ProfilePage } from './features/profile-settings/components/ProfilePage';

const r = (key: string) => `settings:routes.${key}`;

function LegacyCourseRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.settings.course(id)} replace />;
}

/** Settings routes (spec §2). Mounted at the root: the area owns several top-level paths. */
export const routes: AreaRouteConfig[] = [
  {
    path: 'settings',
    redirectTo: 'business-profile',
    children: [
      { path: 'business-profile', titleKey: r('businessProfile'), element: <BusinessProfilePage /> },
      { path: 'wallet', titleKey: r('wallet'), module: 'wallet', element: <WalletPage /> },
      {
        path: 'integration',
        redirectTo: 'crm',
        children: [
          { path: 'crm', titleKey: r('crm'), element: <CrmPage /> },
          { path: 'crm-fields', titleKey: r('crmFields'), element: <CrmFieldsPage /> },
          {
            path: 'webhook',
            titleKey: r('webhook'),
            element: <WebhookPage />,
            children: [{ path: 'list', titleKey: r('webhookList'), element: <WebhookListPage /> }],
          },
        ],
      },
      { path: 'credit-usage', titleKey: r('creditUsage'), element: <CreditUsagePage /> },
      {
        path: 'courses',
        titleKey: r('courses'),
        element: <CoursesPage />,
        children: [{ path: ':id', titleKey: r('course'), back: true, element: <CoursePage /> }],
      },
    ],
  },
  { path: 'manage-team', titleKey: r('manageTeam'), element: <ManageTeamPage /> },
  {
    path: 'profile-settings',
    redirectTo: 'profile',
    children: [
      { path: 'profile', titleKey: r('profile'), element: <ProfilePage /> },
      { path: 'email', titleKey: r('email'), element: <EmailPage /> },
      { path: 'password', titleKey: r('password'), element: <PasswordPage /> },
      { path: 'api-key', titleKey: r('apiKeys'), element: <ApiKeysPage /> },
      { path: 'privacy', titleKey: r('privacy'), element: <PrivacyPage /> },
    ],
  },
  { path: 'billing-portal', titleKey: r('billingPortal'), element: <BillingPortalPage /> },
  // The courses once sat at /courses; old links and bookmarks land on /settings/courses.
  {
    path: 'courses',
    redirectTo: paths.settings.courses(),
    children: [{ path: ':id', element: <LegacyCourseRedirect /> }],
  },
];
