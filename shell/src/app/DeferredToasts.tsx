import { Suspense, lazy } from 'react';
import { useAfterFirstPaint } from '../layout/useAfterFirstPaint';

const Toasts = lazy(() => import('./Toasts'));

/**
 * Mounts the toast container once the page has painted, so its code stays out of what runs before
 * the sidebar. A toast made earlier waits in react-toastify's queue and shows when it mounts.
 */
export function DeferredToasts() {
  const painted = useAfterFirstPaint();
  return painted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
