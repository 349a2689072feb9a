import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onMaintenance, queryClient, type MaintenanceNotice } from '@leadsmith/shared/core';
import { endSession } from '../auth/session';
import { MaintenancePage } from '../layout/MaintenancePage';

/**
 * Any call answered 503 `maintenance` (the super admin switched maintenance on) replaces the app with
 * the maintenance page; the sign-in page stays reachable, so a super admin can sign in and work on.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<MaintenanceNotice | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => onMaintenance(setNotice), []);
  if (!notice || location.pathname === '/login') return <>{children}</>;
  const handleRetry = () => {
    setNotice(null);
    void queryClient.resetQueries();
  };
  const handleSignIn = () => {
    setNotice(null);
    endSession();
    navigate('/login', { replace: true });
  };
  return <MaintenancePage notice={notice} onRetry={handleRetry} onSignIn={handleSignIn} />;
}
