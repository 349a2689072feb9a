// The boot script's second half (after shell/public/boot-prefetch.js, in one file built by
// shared/shellHtmlPlugin.cjs, no React, no federation). When the prefetched user and branding
// arrive, it draws the signed-in frame — header, sidebar and the outlet's spinner — exactly as
// BaseLayout's first render will; React's first render then replaces it in one commit with the same
// elements. It starts the shell's entry afterwards: the entry's federation runtime and the
// bootstrap run as long tasks, and a frame waiting behind them would show no earlier than React's
// own (ADR 014). The chunks the entry runs at start are preloaded here, right after the boot calls
// were sent (boot-prefetch.js runs first), not by the page's own preload tags: those went out
// before the calls and competed with them.
import { FRAME_TEXTS } from './frameTexts';
import { entryScripts, loadEntryScripts, showStartFailure, startChunks } from './loadEntry';
// A module of its own: the app's federation loader uses it too, without the frame's texts.
import { preloadChunks } from './preloadChunks';
import { startBootFrame, storedLanguage } from './startBootFrame';

const entries = entryScripts(document.currentScript);
const chunks = startChunks(document.currentScript);
preloadChunks(chunks);
let drawn: Promise<void>;
try {
  drawn = startBootFrame();
} catch (error) {
  console.error('[leadsmith] the boot frame could not start', error);
  drawn = Promise.resolve();
}
void drawn.then(() => {
  loadEntryScripts(entries, (source) => {
    console.error(`[leadsmith] the shell's code could not be loaded: ${source}`);
    showStartFailure(FRAME_TEXTS[storedLanguage()]);
  });
});
