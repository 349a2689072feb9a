import { useTranslation } from 'react-i18next';

/** The frame's loading state (no Chakra: it shows while the area layer and its styles load). */
export function FrameSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="ls-spinner-box" role="status" aria-live="polite" data-testid="frame-spinner">
      <span className="ls-spinner" aria-hidden="true" />
      <span className="ls-sr-only">{t('app.loading')}</span>
    </div>
  );
}
