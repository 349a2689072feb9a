import type { CSSProperties } from 'react';
import { Slide, type ToastContainerProps } from 'react-toastify';
import { DEFAULT_COLORS, TOAST_AUTO_CLOSE_MS } from '@leadsmith/shared/core';

/**
 * Spec §4: top-right, 5000 ms, click to dismiss, pause on hover. Toasts slide in (no fade: text is
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
  style: { '--toastify-text-color-light': DEFAULT_COLORS.primaryText } as CSSProperties,
};

export { toast } from 'react-toastify';
