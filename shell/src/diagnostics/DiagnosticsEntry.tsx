import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, userHasModule } from '@leadsmith/shared/core';
import { styledPage } from '../app/styledPage';
import { inspectShareScope } from '../federation/loadArea';
import { debugRequested } from './debugSwitch';

// The panel is drawn with Chakra: it loads when first opened.
const DiagnosticsPanel = styledPage(() => import('./DiagnosticsPanel').then((m) => m.DiagnosticsPanel));

/** Header button that opens the delivery diagnostics: admins always, anyone with `?debug`. */
export function DiagnosticsEntry() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const isAdmin = userHasModule(user?.modules, 'admin');
  const [debug] = useState(() => debugRequested());
  const [open, setOpen] = useState(debug);
  useEffect(() => {
    if (open) void inspectShareScope().catch((error: unknown) => console.error('[leadsmith]', error));
  }, [open]);
  if (!isAdmin && !debug) return null;
  return (
    <>
      <button
        type="button"
        className="ls-button"
        aria-expanded={open}
        aria-controls={open ? 'leadsmith-diagnostics' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {t('diagnostics.open')}
      </button>
      {open ? <DiagnosticsPanel detailed={isAdmin} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
