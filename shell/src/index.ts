import { bootFrameSettled } from './boot/bootFrameGate';

// Async boundary: federation negotiates shared singletons before the app starts. The app's code
// runs once the boot frame has drawn (or will not), so that frame is not held behind it.
bootFrameSettled()
  .then(() => import('./bootstrap'))
  .catch((error: unknown) => {
    console.error('[leadsmith] the shell failed to start', error);
    const root = document.getElementById('root');
    if (root) root.textContent = 'Leadsmith could not start. Reload the page to try again.';
  });
