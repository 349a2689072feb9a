import type { AreaRouteConfig } from '@leadsmith/shared';
import { IcpSuggestionsScreen } from './features/icp/components/IcpSuggestionsScreen';
import { TrainingScreen } from './features/training/components/TrainingScreen';

const r = (key: string) => `ai:routes.${key}`;

/** AI module routes (spec §2: path ai, redirects to training). */
export const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'training' },
  { path: 'training', titleKey: r('training'), element: <TrainingScreen /> },
  { path: 'icp-suggestions', titleKey: r('icpSuggestions'), element: <IcpSuggestionsScreen /> },
];
