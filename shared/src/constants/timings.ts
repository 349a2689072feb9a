/** Timings from spec §4 and §9. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_QUEUE_DELAY_MS = 250;
export const TOAST_DISMISS_ANIMATION_MS = 150;
export const CRAWL_POLL_INTERVAL_MS = 2000;
export const EDITOR_CHANGE_THROTTLE_MS = 300;
/** Tooltip defaults (spec §9): what opens one, its distance from the trigger (px) and its delays; every tooltip takes them (shared/src/ui/Tooltip.tsx). */
export const TOOLTIP_DISTANCE = 14;
export const TOOLTIP_TRIGGERS = ['hover', 'focus', 'click'] as const;
/** Hover long enough to mean it before a tooltip opens (focus and click open it at once). */
export const TOOLTIP_OPEN_DELAY_MS = 300;
/** Lets the pointer cross from the trigger to the tooltip without it closing. */
export const TOOLTIP_CLOSE_DELAY_MS = 150;
