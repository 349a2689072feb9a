import type { CSSProperties } from 'react';
import { Slide, toast, type Id, type ToastContainerProps } from 'react-toastify';
import { DEFAULT_COLORS, TOAST_AUTO_CLOSE_MS } from '@leadsmith/shared/core';

/**
 * Spec §4: top-right, 5000 ms, click to dismiss, pause on hover. The stack starts below the header and
 * the page's title row (`top`), so a toast never covers Sign out or a page's top-right action (Create
 * plan, Create subscription) for its five seconds. Toasts slide in (no fade: text is
 * never shown at part opacity, where it would fall below WCAG contrast) and use the app's text colour
 * instead of the library's light grey.
 */
export const TOAST_CONTAINER_PROPS: ToastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  newestOnTop: false,
  limit: 5,
  transition: Slide,
  style: { '--toastify-text-color-light': DEFAULT_COLORS.primaryText, '--toastify-toast-top': '8.5rem' } as CSSProperties,
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

export { toast } from 'react-toastify';
