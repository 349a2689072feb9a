import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installGlobalErrorHandlers } from './errors/globalErrorHandlers';
import { currentLanguage, loadLanguage, queryClient, useSessionStore } from '@leadsmith/shared/core';
import { seedFromBootPrefetch } from './app/seedFromBootPrefetch';
import { installFrameStyles } from './layout/frameStyles';

installGlobalErrorHandlers();
installFrameStyles();
seedFromBootPrefetch(queryClient, useSessionStore.getState().token, window.location.hostname);
document.documentElement.lang = currentLanguage();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// The first render waits for the stored language's texts (English when they cannot be fetched).
void loadLanguage(currentLanguage())
  .catch((error: unknown) => console.error('[i18n] the texts of the stored language could not be loaded', error))
  .then(() => root.render(<App />));
