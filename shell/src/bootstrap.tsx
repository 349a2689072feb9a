import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installGlobalErrorHandlers } from './errors/globalErrorHandlers';
import { currentLanguage } from '@leadsmith/shared';

installGlobalErrorHandlers();
document.documentElement.lang = currentLanguage();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);
