import type { AreaRouteConfig } from '@leadsmith/shared';
import { lazy, type ComponentType } from 'react';

/**
 * Each group of screens is its own chunk, downloaded when one of its routes first renders (the area
 * root's Suspense shows a spinner meanwhile): opening saved lists does not download and run the new
 * search form, the assistant or the autopilots. The list page's chunk is prefetched at idle priority
 * because saved lists usually lead there.
 */
function screen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const NewSearchScreen = screen(() => import(/* webpackChunkName: "ls-new-search" */ './features/newSearch/components/NewSearchScreen'), (m) => m.NewSearchScreen);
const ListNewSearchScreen = screen(() => import(/* webpackChunkName: "ls-new-search" */ './features/newSearch/components/ListNewSearchScreen'), (m) => m.ListNewSearchScreen);
const SavedListsScreen = screen(() => import(/* webpackChunkName: "ls-saved-lists" */ './features/savedLists/components/SavedListsScreen'), (m) => m.SavedListsScreen);
const SavedListScreen = screen(() => import(/* webpackChunkName: "ls-list", webpackPrefetch: true */ './features/listResults/components/SavedListScreen'), (m) => m.SavedListScreen);
const ResultDetailsScreen = screen(() => import(/* webpackChunkName: "ls-list" */ './features/listResults/components/ResultDetailsScreen'), (m) => m.ResultDetailsScreen);
const TagsAndSourceScreen = screen(() => import(/* webpackChunkName: "ls-list" */ './features/listDetails/components/TagsAndSourceScreen'), (m) => m.TagsAndSourceScreen);
const ListWebhookScreen = screen(() => import(/* webpackChunkName: "ls-list" */ './features/listDetails/components/ListWebhookScreen'), (m) => m.ListWebhookScreen);
const CustomLabelsScreen = screen(() => import(/* webpackChunkName: "ls-labels" */ './features/customLabels/components/CustomLabelsScreen'), (m) => m.CustomLabelsScreen);
const AutopilotsScreen = screen(() => import(/* webpackChunkName: "ls-autopilots" */ './features/autopilots/components/AutopilotsScreen'), (m) => m.AutopilotsScreen);
const AutopilotFormScreen = screen(() => import(/* webpackChunkName: "ls-autopilots" */ './features/autopilots/components/AutopilotFormScreen'), (m) => m.AutopilotFormScreen);
const AutopilotDetailsScreen = screen(() => import(/* webpackChunkName: "ls-autopilots" */ './features/autopilots/components/AutopilotDetailsScreen'), (m) => m.AutopilotDetailsScreen);
const AssistantScreen = screen(() => import(/* webpackChunkName: "ls-assistant" */ './features/aiAssistant/components/AssistantScreen'), (m) => m.AssistantScreen);
const LibraryScreen = screen(() => import(/* webpackChunkName: "ls-assistant" */ './features/aiAssistant/components/LibraryScreen'), (m) => m.LibraryScreen);
const WorkflowsScreen = screen(() => import(/* webpackChunkName: "ls-workflows" */ './features/workflows/components/WorkflowsScreen'), (m) => m.WorkflowsScreen);
const LazyWorkflowBuilder = screen(() => import(/* webpackChunkName: "ls-workflows" */ './features/workflows/components/LazyWorkflowBuilder'), (m) => m.LazyWorkflowBuilder);

const r = (key: string) => `leadSearch:routes.${key}`;

/** Lead search routes (spec §2: path lead-search, redirects to new-search). */
export const routes: AreaRouteConfig[] = [
  { path: '', redirectTo: 'new-search' },
  { path: 'new-search', titleKey: r('newSearch'), element: <NewSearchScreen /> },
  {
    path: 'workflow',
    titleKey: r('workflows'),
    element: <WorkflowsScreen />,
    children: [{ path: ':id', titleKey: r('workflow'), back: true, element: <LazyWorkflowBuilder /> }],
  },
  {
    path: 'saved-lists',
    titleKey: r('savedLists'),
    element: <SavedListsScreen />,
    children: [
      {
        path: ':typeId',
        titleKey: r('savedList'),
        back: true,
        element: <SavedListScreen />,
        children: [
          { path: 'new-search', titleKey: r('listNewSearch'), back: true, element: <ListNewSearchScreen /> },
          { path: 'tags-and-source', titleKey: r('tagsAndSource'), back: true, element: <TagsAndSourceScreen /> },
          { path: 'webhook', titleKey: r('listWebhook'), back: true, element: <ListWebhookScreen /> },
          { path: ':resultId', titleKey: r('result'), back: true, element: <ResultDetailsScreen /> },
        ],
      },
    ],
  },
  {
    path: 'ai-assistant',
    titleKey: r('aiAssistant'),
    element: <AssistantScreen />,
    children: [{ path: 'library', titleKey: r('promptLibrary'), element: <LibraryScreen /> }],
  },
  { path: 'custom-labels', titleKey: r('customLabels'), element: <CustomLabelsScreen /> },
  {
    path: 'autopilot',
    titleKey: r('autopilots'),
    element: <AutopilotsScreen />,
    children: [
      { path: 'create', titleKey: r('autopilotCreate'), back: true, element: <AutopilotFormScreen /> },
      {
        path: ':typeId',
        titleKey: r('autopilotDetails'),
        back: true,
        element: <AutopilotDetailsScreen />,
        children: [{ path: 'edit', titleKey: r('autopilotEdit'), back: true, element: <AutopilotFormScreen edit /> }],
      },
    ],
  },
];
