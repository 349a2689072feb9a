import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_CONTAINER_PROPS, TOAST_STYLES, closeErrorsOnSuccess } from '@leadsmith/shared';

/** The page's one toast container (spec §4); loaded after the first paint (DeferredToasts). */
export default function Toasts() {
  useEffect(() => closeErrorsOnSuccess(), []);
  return (
    <>
      <style>{TOAST_STYLES}</style>
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </>
  );
}
