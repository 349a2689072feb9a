// Async boundary: federation negotiates shared singletons before the app starts. This entry is
// started by the boot script (shell/src/boot/index.ts) once the boot frame has drawn, or knows it
// will not, so the federation runtime's start-up does not hold that frame back.
import('./bootstrap').catch((error: unknown) => {
  console.error('[leadsmith] the shell failed to start', error);
  const root = document.getElementById('root');
  // The page's title is the domain's brand (set by the server), so a reseller's customer reads its name here.
  if (root) root.textContent = `${document.title || 'The app'} could not start. Reload the page to try again.`;
});
