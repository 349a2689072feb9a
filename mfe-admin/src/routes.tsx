import { type AreaRouteConfig } from '@leadsmith/shared';
import { ResourceFormPage, ResourceListPage } from '@leadsmith/shared/resource';
import { CreditUsagePage } from './features/analytics/components/CreditUsagePage';
import { LoginActivityPage } from './features/analytics/components/LoginActivityPage';
import { MonthlyCreditUsagePage } from './features/analytics/components/MonthlyCreditUsagePage';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { COURSE_PAGES, COURSES, PARTNERS, PROMPTS, TOPICS } from './features/resources/definitions';
import { CoursePage } from './features/training/components/CoursePage';
import { TrainingHistoryPage } from './features/training/components/TrainingHistoryPage';
import { PromptsHistoryPage } from './features/prompts/components/PromptsHistoryPage';
import { SearchersPage } from './features/searchers/components/SearchersPage';
import { ReferralsReportPage } from './features/reports/components/ReferralsReportPage';
import { SubscriptionsReportPage } from './features/reports/components/SubscriptionsReportPage';
import { PlanFormPage } from './features/plans/components/PlanFormPage';
import { PlansHistoryPage } from './features/plans/components/PlansHistoryPage';
import { PlansPage } from './features/plans/components/PlansPage';
import { PaymentsPage } from './features/payments/components/PaymentsPage';
import { UserFormPage } from './features/users/components/UserFormPage';
import { UsersHistoryPage } from './features/users/components/UsersHistoryPage';
import { AiModelSetting } from './features/prompts/components/AiModelSetting';
import { UsersPage } from './features/users/components/UsersPage';

const r = (key: string) => `admin:routes.${key}`;

/** Super-admin routes (spec §2: path admin, redirects to dashboard). */
export const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'dashboard' },
  { path: 'dashboard', titleKey: r('dashboard'), element: <DashboardPage /> },
  {
    path: 'users',
    titleKey: r('users'),
    element: <UsersPage />,
    children: [
      { path: 'create', titleKey: r('userCreate'), back: true, element: <UserFormPage mode="create" /> },
      { path: ':id/edit', titleKey: r('userEdit'), back: true, element: <UserFormPage mode="edit" /> },
      { path: 'history', titleKey: r('usersHistory'), element: <UsersHistoryPage /> },
    ],
  },
  {
    path: 'plans',
    titleKey: r('plans'),
    element: <PlansPage />,
    children: [
      { path: 'create', titleKey: r('planCreate'), back: true, element: <PlanFormPage mode="create" /> },
      { path: ':id/edit', titleKey: r('planEdit'), back: true, element: <PlanFormPage mode="edit" /> },
      { path: 'history', titleKey: r('plansHistory'), element: <PlansHistoryPage /> },
    ],
  },
  { path: 'searchers', titleKey: r('searchers'), element: <SearchersPage /> },
  {
    path: 'user-analytics',
    redirectTo: 'credit-usage',
    children: [
      { path: 'credit-usage', titleKey: r('creditUsage'), element: <CreditUsagePage /> },
      { path: 'login-activity', titleKey: r('loginActivity'), element: <LoginActivityPage /> },
      { path: 'monthly-credit-usage', titleKey: r('monthlyCreditUsage'), element: <MonthlyCreditUsagePage /> },
    ],
  },
  {
    path: 'ai-assistant',
    titleKey: r('aiAssistant'),
    element: <ResourceListPage def={PROMPTS} titleKey={r('aiAssistant')} intro={<AiModelSetting />} />,
    children: [
      { path: 'history', titleKey: r('aiAssistantHistory'), element: <PromptsHistoryPage /> },
      {
        path: 'library',
        titleKey: r('aiAssistantLibrary'),
        element: (
          <ResourceListPage def={PROMPTS} titleKey={r('aiAssistantLibrary')} fixed={{ prompt_type: 'library' }} />
        ),
      },
    ],
  },
  {
    path: 'reports',
    redirectTo: 'subscriptions',
    children: [
      { path: 'subscriptions', titleKey: r('subscriptionsReport'), element: <SubscriptionsReportPage /> },
      { path: 'user-referrals', titleKey: r('referralsReport'), element: <ReferralsReportPage /> },
      { path: 'payments', titleKey: r('paymentsReport'), element: <PaymentsPage /> },
    ],
  },
  {
    path: 'training-content',
    titleKey: r('trainingContent'),
    element: <ResourceListPage def={COURSES} titleKey={r('trainingContent')} />,
    children: [
      { path: 'history', titleKey: r('trainingHistory'), element: <TrainingHistoryPage /> },
      {
        path: ':id',
        titleKey: r('course'),
        back: true,
        element: <CoursePage />,
        children: [
          {
            path: 'create',
            titleKey: r('pageCreate'),
            back: true,
            element: <ResourceFormPage def={COURSE_PAGES} mode="create" scopeParam="id" />,
          },
          {
            path: ':pageId/edit',
            titleKey: r('pageEdit'),
            back: true,
            element: <ResourceFormPage def={COURSE_PAGES} mode="edit" idParam="pageId" scopeParam="id" />,
          },
        ],
      },
    ],
  },
  {
    path: 'topics',
    titleKey: r('topics'),
    element: <ResourceListPage def={TOPICS} />,
    children: [
      {
        path: 'create',
        titleKey: r('topicCreate'),
        back: true,
        element: <ResourceFormPage def={TOPICS} mode="create" />,
      },
      {
        path: ':id/edit',
        titleKey: r('topicEdit'),
        back: true,
        element: <ResourceFormPage def={TOPICS} mode="edit" />,
      },
    ],
  },
  {
    path: 'partners',
    titleKey: r('partners'),
    element: <ResourceListPage def={PARTNERS} />,
    children: [
      {
        path: 'create',
        titleKey: r('partnerCreate'),
        back: true,
        element: <ResourceFormPage def={PARTNERS} mode="create" />,
      },
      {
        path: ':id/edit',
        titleKey: r('partnerEdit'),
        back: true,
        element: <ResourceFormPage def={PARTNERS} mode="edit" />,
      },
    ],
  },
];
