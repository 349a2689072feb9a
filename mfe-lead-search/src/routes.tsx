import type { AreaRouteConfig } from '@leadsmith/shared';

const r = (key: string) => `leadSearch:routes.${key}`;

/** Lead search routes (spec §2: path lead-search, redirects to new-search). */
export const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'new-search' },
  { path: 'new-search', titleKey: r('newSearch') },
  { path: 'workflow', titleKey: r('workflows'), children: [{ path: ':id', titleKey: r('workflow'), back: true }] },
  {
    path: 'saved-lists',
    titleKey: r('savedLists'),
    children: [
      {
        path: ':typeId',
        titleKey: r('savedList'),
        back: true,
        children: [
          { path: 'new-search', titleKey: r('listNewSearch'), back: true },
          { path: 'tags-and-source', titleKey: r('tagsAndSource'), back: true },
          { path: 'webhook', titleKey: r('listWebhook'), back: true },
          { path: ':resultId', titleKey: r('result'), back: true },
        ],
      },
    ],
  },
  { path: 'ai-assistant', titleKey: r('aiAssistant'), children: [{ path: 'library', titleKey: r('promptLibrary') }] },
  { path: 'custom-labels', titleKey: r('customLabels') },
  {
    path: 'autopilot',
    titleKey: r('autopilots'),
    children: [
      { path: 'create', titleKey: r('autopilotCreate'), back: true },
      { path: ':typeId', titleKey: r('autopilotDetails'), back: true, children: [{ path: 'edit', titleKey: r('autopilotEdit'), back: true }] },
    ],
  },
];
