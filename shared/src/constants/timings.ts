/** Timings from spec §4 and §9. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_QUEUE_DELAY_MS = 250;
export const TOAST_DISMISS_ANIMATION_MS = 150;
export const CRAWL_POLL_INTERVAL_MS = 2000;
export const EDITOR_CHANGE_THROTTLE_MS = 300;
export const TOOLTIP_DISTANCE = 14;
export const TOOLTIP_TRIGGERS = ['hover', 'focus', 'click'] as const;
