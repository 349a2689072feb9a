import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onLicenseExpired, onUnauthorized, queryClient, sessionKeys } from '@leadsmith/shared/core';
import { endSession } from '../auth/session';

/**
 * A 401 from any call (shell or area) ends the session and returns to Login. A 403 `license_expired`
 * (the licence ended during the session) reloads the user, whose flag draws the expired-licence page.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onUnauthorized(() => {
        endSession();
        navigate('/login', { replace: true });
      }),
    [navigate],
  );
  useEffect(() => onLicenseExpired(() => void queryClient.invalidateQueries({ queryKey: sessionKeys.all })), []);
  return null;
}
