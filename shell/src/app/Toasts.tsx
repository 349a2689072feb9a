import { ToastContainer } from 'react-toastify';
import { TOAST_CONTAINER_PROPS } from '@leadsmith/shared';

/** The page's one toast container (spec §4); loaded after the first paint (DeferredToasts). */
export default function Toasts() {
  return <ToastContainer {...TOAST_CONTAINER_PROPS} />;
}
