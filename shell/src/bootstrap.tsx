import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installGlobalErrorHandlers } from './errors/globalErrorHandlers';
import { startErrorTracking } from './errors/errorTracking';
import {
  bootPrefetchesAnswered,
  currentLanguage,
  loadLanguage,
  queryClient,
  useSessionStore,
} from '@leadsmith/shared/core';
import { seedFromBootPrefetch } from './app/seedFromBootPrefetch';
import { installFrameStyles } from './layout/frameStyles';

/** How long the first render waits for the prefetched user and branding before drawing without them. */
const PREFETCH_WAIT_MS = 5_000;

installGlobalErrorHandlers();
installFrameStyles();
document.documentElement.lang = currentLanguage();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// The first render waits for the stored language's texts (English when they cannot be fetched) and
// for the user and branding the boot script asked for: it then draws the signed-in frame straight
// away, in place of the boot frame's identical one (shell/src/boot), not a spinner in between.
const language = loadLanguage(currentLanguage()).catch((error: unknown) =>
  console.error('[i18n] the texts of the stored language could not be loaded', error),
);
void Promise.all([language, bootPrefetchesAnswered(['me', 'branding'], PREFETCH_WAIT_MS)]).then(() => {
  seedFromBootPrefetch(queryClient, useSessionStore.getState().token, window.location.hostname);
  root.render(<App />);
  void startErrorTracking();
});
