import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { listTypesQueryOptions, maintenanceNotice, meQueryOptions, useSessionStore } from '@leadsmith/shared/core';
import { FrameSpinner } from '../layout/FrameSpinner';
import { endSession } from './session';

/**
 * Spec §4 session: a stored token → load the user → on success load list
 * types; no token or a failed load → Login, with user and token cleared.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  const me = useQuery(meQueryOptions(token));
  useQuery({ ...listTypesQueryOptions(token), enabled: Boolean(token) && me.isSuccess });

  // Held back by maintenance: the session stays (the maintenance page shows; MaintenanceGate).
  const heldBack = me.isError && maintenanceNotice(me.error) !== null;
  useEffect(() => {
    if (me.isError && !heldBack) endSession();
  }, [me.isError, heldBack]);

  if (heldBack) return <FrameSpinner />;
  if (!token || me.isError)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!me.data) return <FrameSpinner />;
  return <>{children}</>;
}

/** Auth pages send a user who already holds a token to the base layout. */
export function RedirectIfAuthed({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  if (token) return <Navigate to="/" replace />;
  return <>{children}</>;
}
