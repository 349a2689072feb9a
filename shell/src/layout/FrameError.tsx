import { useTranslation } from 'react-i18next';

/** The shell's last-resort error (outside any area): drawn by the frame, so it needs no Chakra. */
export function FrameError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="ls-fallback" role="alert" data-testid="error-state">
      <h1>{t('errors.unexpected')}</h1>
      <button type="button" className="ls-button ls-button--solid" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    </div>
  );
}
