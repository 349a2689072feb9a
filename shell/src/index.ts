// Async boundary: federation negotiates shared singletons before the app starts. This entry is
// started by the boot script (shell/src/boot/index.ts) once the boot frame has drawn, or knows it
// will not, so the federation runtime's start-up does not hold that frame back.
import('./bootstrap').catch((error: unknown) => {
  console.error('[leadsmith] the shell failed to start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Leadsmith could not start. Reload the page to try again.';
});
