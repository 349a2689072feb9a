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
// The first render waits for the stored language's texts (English when they cannot be fetched; i18n logs why).
void loadLanguage(currentLanguage())
  .catch(() => undefined)
  .then(() => root.render(<App />));
