import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installGlobalErrorHandlers } from './errors/globalErrorHandlers';
import { currentLanguage, queryClient, useSessionStore } from '@leadsmith/shared/core';
import { seedFromBootPrefetch } from './app/seedFromBootPrefetch';
import { installFrameStyles } from './layout/frameStyles';

installGlobalErrorHandlers();
installFrameStyles();
seedFromBootPrefetch(queryClient, useSessionStore.getState().token, window.location.hostname);
document.documentElement.lang = currentLanguage();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);
