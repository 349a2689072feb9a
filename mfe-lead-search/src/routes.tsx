import type { AreaRouteConfig } from '@leadsmith/shared';
import { NewSearchScreen } from './features/newSearch/components/NewSearchScreen';
import { SavedListsScreen } from './features/savedLists/components/SavedListsScreen';
import { SavedListScreen } from './features/listResults/components/SavedListScreen';
import { ResultDetailsScreen } from './features/listResults/components/ResultDetailsScreen';
import { ListNewSearchScreen } from './features/newSearch/components/ListNewSearchScreen';
import { TagsAndSourceScreen } from './features/listDetails/components/TagsAndSourceScreen';
import { ListWebhookScreen } from './features/listDetails/components/ListWebhookScreen';
import { ListHistoryScreen } from './features/listDetails/components/ListHistoryScreen';
import { CustomLabelsScreen } from './features/customLabels/components/CustomLabelsScreen';
import { AutopilotsScreen } from './features/autopilots/components/AutopilotsScreen';
import { AutopilotFormScreen } from './features/autopilots/components/AutopilotFormScreen';
import { AutopilotDetailsScreen } from './features/autopilots/components/AutopilotDetailsScreen';
import { AssistantScreen } from './features/aiAssistant/components/AssistantScreen';
import { LibraryScreen } from './features/aiAssistant/components/LibraryScreen';
import { WorkflowsScreen } from './features/workflows/components/WorkflowsScreen';
import { LazyWorkflowBuilder } from './features/workflows/components/LazyWorkflowBuilder';
import { SavedSearchesScreen } from './features/savedSearches/components/SavedSearchesScreen';
import { DoNotContactScreen } from './features/suppressions/components/DoNotContactScreen';
import { TrashScreen } from './features/trash/components/TrashScreen';
import { ListImportScreen } from './features/listImport/components/ListImportScreen';

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
      { path: 'trash', titleKey: r('trash'), back: true, element: <TrashScreen /> },
      {
        path: ':typeId',
        titleKey: r('savedList'),
        back: true,
        element: <SavedListScreen />,
        children: [
          { path: 'new-search', titleKey: r('listNewSearch'), back: true, element: <ListNewSearchScreen /> },
          { path: 'tags-and-source', titleKey: r('tagsAndSource'), back: true, element: <TagsAndSourceScreen /> },
          { path: 'webhook', titleKey: r('listWebhook'), back: true, element: <ListWebhookScreen /> },
          { path: 'history', titleKey: r('listHistory'), back: true, element: <ListHistoryScreen /> },
          { path: 'import', titleKey: r('listImport'), back: true, element: <ListImportScreen /> },
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
  { path: 'saved-searches', titleKey: r('savedSearches'), element: <SavedSearchesScreen /> },
  { path: 'do-not-contact', titleKey: r('doNotContact'), element: <DoNotContactScreen /> },
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
