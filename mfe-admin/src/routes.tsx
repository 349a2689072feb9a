import type { AreaRouteConfig } from '@leadsmith/shared';

const r = (key: string) => `admin:routes.${key}`;

/** Super-admin routes (spec §2: path admin, redirects to dashboard). */
export const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'dashboard' },
  { path: 'dashboard', titleKey: r('dashboard') },
  {
    path: 'users',
    titleKey: r('users'),
    children: [
      { path: 'create', titleKey: r('userCreate'), back: true },
      { path: ':id/edit', titleKey: r('userEdit'), back: true },
      { path: 'history', titleKey: r('usersHistory') },
    ],
  },
  {
    path: 'plans',
    titleKey: r('plans'),
    children: [
      { path: 'create', titleKey: r('planCreate'), back: true },
      { path: ':id/edit', titleKey: r('planEdit'), back: true },
      { path: 'history', titleKey: r('plansHistory') },
    ],
  },
  { path: 'searchers', titleKey: r('searchers') },
  {
    path: 'user-analytics',
    redirectTo: 'credit-usage',
    children: [
      { path: 'credit-usage', titleKey: r('creditUsage') },
      { path: 'login-activity', titleKey: r('loginActivity') },
      { path: 'monthly-credit-usage', titleKey: r('monthlyCreditUsage') },
    ],
  },
  {
    path: 'ai-assistant',
    titleKey: r('aiAssistant'),
    children: [
      { path: 'history', titleKey: r('aiAssistantHistory') },
      { path: 'library', titleKey: r('aiAssistantLibrary') },
    ],
  },
  {
    path: 'reports',
    redirectTo: 'subscriptions',
    children: [
      { path: 'subscriptions', titleKey: r('subscriptionsReport') },
      { path: 'user-referrals', titleKey: r('referralsReport') },
    ],
  },
  {
    path: 'training-content',
    titleKey: r('trainingContent'),
    children: [
      { path: 'history', titleKey: r('trainingHistory') },
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
    path: 'topics',
    titleKey: r('topics'),
    children: [
      { path: 'create', titleKey: r('topicCreate'), back: true },
      { path: ':id/edit', titleKey: r('topicEdit'), back: true },
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
