/**
 * The boot frame (shell/src/boot/index.ts) leaves a promise here that settles once it has drawn, or
 * knows it will not. The shell's entry runs its code after that: evaluating the bundle is one long
 * task at startup, and a frame waiting behind it would show no earlier than React's own.
 */
export const BOOT_FRAME_GLOBAL = '__leadsmithBootFrame';

declare global {
  interface Window {
    [BOOT_FRAME_GLOBAL]?: Promise<void>;
  }
}

/** Settles when the boot frame is done; at once when its script did not run. */
export function bootFrameSettled(): Promise<void> {
  return window[BOOT_FRAME_GLOBAL] ?? Promise.resolve();
}
