import type { ToastContainerProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../constants/timings';

/** Spec §4: top-right, 5000 ms, click to dismiss, pause on hover. */
export const TOAST_CONTAINER_PROPS: ToastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  newestOnTop: false,
  limit: 5,
};

export { toast } from 'react-toastify';
