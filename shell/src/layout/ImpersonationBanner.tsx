import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  apiClient,
  queryClient,
  registerAreaTranslations,
  STORAGE_KEYS,
  useCurrentUser,
  useSessionStore,
} from '@leadsmith/shared/core';
import { archivedToken, displayName, isImpersonating } from './frameModel';
import { IMPERSONATION_TEXTS } from './impersonationTexts';

const NAMESPACE = 'impersonation';

registerAreaTranslations(NAMESPACE, IMPERSONATION_TEXTS);

/**
 * Shown while an admin is logged in as another user (their own token waits under `archived_user`).
 * "Return to admin" ends the user's session at the API and restores the admin's token.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation(NAMESPACE);
  const token = useSessionStore((s) => s.token);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const archived = archivedToken();
  if (!archived || !isImpersonating(token, archived)) return null;
  const name = user ? displayName(user) : '';

  const back = async () => {
    setLeaving(true);
    try {
      await apiClient.post('/auth/logout', undefined, { silent: true });
    } catch {
      // The user's token is dropped locally whatever the API says.
    }
    localStorage.removeItem(STORAGE_KEYS.archivedUser);
    queryClient.clear();
    useSessionStore.getState().setToken(archived);
    setLeaving(false);
    navigate('/admin/users', { replace: true });
  };

  return (
    <div role="region" aria-label={t('back')} data-testid="impersonation-banner" className="ls-banner">
      <p>{t('viewingAs', { name })}</p>
      <button
        type="button"
        className="ls-button ls-button--solid"
        disabled={leaving}
        aria-busy={leaving}
        onClick={() => void back()}
      >
        {t('back')}
      </button>
    </div>
  );
}
