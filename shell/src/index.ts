// Async boundary: federation negotiates shared singletons before the app starts.
import('./bootstrap').catch((error: unknown) => {
  console.error('[leadsmith] the shell failed to start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Leadsmith could not start. Reload the page to try again.';
});
