import type { CSSProperties } from 'react';
import { cssTransition, toast, type Id, type ToastContainerProps } from 'react-toastify';
import { DEFAULT_COLORS, TOAST_AUTO_CLOSE_MS, TOAST_DISMISS_ANIMATION_MS } from '@leadsmith/shared/core';

/**
 * Spec §4: top-right, 5000 ms, click to dismiss, pause on hover. The stack starts below the header and
 * the page's title row (`top`), so a toast never covers Sign out or a page's top-right action (Create
 * plan, Create subscription) for its five seconds. Toasts slide in (no fade: text is
 * never shown at part opacity, where it would fall below WCAG contrast) and use the app's text colour
 * instead of the library's light grey.
 */
/**
 * react-toastify's slide, leaving in the spec's 150 ms (spec §9 "dismiss animation 150 ms"): the exit
 * animation runs that long (TOAST_STYLES) and the stack closes the gap in the same time. Its own
 * class comes first: the library appends the position to the class list's last name.
 */
const SLIDE_DISMISS = cssTransition({
  enter: 'Toastify--animate Toastify__slide-enter',
  exit: 'ls-toast-exit Toastify--animate Toastify__slide-exit',
  appendPosition: true,
  collapseDuration: TOAST_DISMISS_ANIMATION_MS,
});

/** The page's toast CSS beside the library's: the dismiss animation's length, and the page's typeface (the library's own is sans-serif). */
export const TOAST_STYLES = `.Toastify__toast.ls-toast-exit{animation-duration:${TOAST_DISMISS_ANIMATION_MS}ms}.Toastify{--toastify-font-family:var(--ls-font,sans-serif)}`;

export const TOAST_CONTAINER_PROPS: ToastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  newestOnTop: false,
  limit: 5,
  transition: SLIDE_DISMISS,
  style: {
    '--toastify-text-color-light': DEFAULT_COLORS.primaryText,
    '--toastify-toast-top': '8.5rem',
  } as CSSProperties,
};

/**
 * A later success settles what an earlier error said (the user fixed it and saved): open error toasts
 * close when a success toast opens. Returns the unsubscribe; the page's one container installs it.
 */
export function closeErrorsOnSuccess(): () => void {
  const errors = new Set<Id>();
  return toast.onChange((item) => {
    if (item.status === 'removed') errors.delete(item.id);
    else if (item.status === 'added' && item.type === 'error') errors.add(item.id);
    else if (item.status === 'added' && item.type === 'success') for (const id of errors) toast.dismiss(id);
  });
}
