// The boot frame: a classic script of its own (built by shared/shellHtmlPlugin.cjs, no React, no
// federation) that index.html runs right after the boot prefetch. When the prefetched user and
// branding arrive before the shell's bundle has drawn anything, it draws the signed-in frame —
// header, sidebar and the outlet's spinner — exactly as BaseLayout's first render will. React's
// first render then replaces it in one commit with the same elements (ADR 014).
import { BOOT_FRAME_GLOBAL } from './bootFrameGate';
import { startBootFrame } from './startBootFrame';

window[BOOT_FRAME_GLOBAL] = startBootFrame();
