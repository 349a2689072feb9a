import { useTranslation } from 'react-i18next';
import type { MaintenanceNotice } from '@leadsmith/shared/core';

export interface MaintenancePageProps {
  notice: MaintenanceNotice;
  onRetry: () => void;
  onSignIn: () => void;
}

/** What users see while the super admin has the service in maintenance: drawn by the frame (no Chakra). */
export function MaintenancePage({ notice, onRetry, onSignIn }: MaintenancePageProps) {
  const { t } = useTranslation('common');
  const minutes = Math.max(1, Math.ceil(notice.retryAfterSeconds / 60));
  return (
    <div className="ls-fallback" role="alert" data-testid="maintenance-page">
      <h1>{t('maintenance.title')}</h1>
      <p>{notice.message || t('maintenance.body')}</p>
      {notice.retryAfterSeconds > 0 && <p>{t('maintenance.retryIn', { count: minutes })}</p>}
      <button type="button" className="ls-button ls-button--solid" onClick={onRetry}>
        {t('maintenance.tryAgain')}
      </button>{' '}
      <button type="button" className="ls-button" onClick={onSignIn}>
        {t('maintenance.signIn')}
      </button>
    </div>
  );
}
