import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from '@leadsmith/shared/core';
import { endSession } from '../auth/session';

/** A 401 from any call (shell or area) ends the session and returns to Login. */
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
  return null;
}
