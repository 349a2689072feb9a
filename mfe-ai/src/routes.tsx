import type { AreaRouteConfig } from '@leadsmith/shared';

const r = (key: string) => `ai:routes.${key}`;

/** AI module routes (spec §2: path ai, redirects to training). */
export const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'training' },
  { path: 'training', titleKey: r('training') },
  { path: 'icp-suggestions', titleKey: r('icpSuggestions') },
];
