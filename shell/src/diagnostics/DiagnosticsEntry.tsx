import { Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, userHasModule } from '@leadsmith/shared';
import { inspectShareScope } from '../federation/loadArea';
import { DiagnosticsPanel } from './DiagnosticsPanel';
import { debugRequested } from './debugSwitch';

/** Header button that opens the delivery diagnostics: admins always, anyone with `?debug`. */
export function DiagnosticsEntry() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const isAdmin = userHasModule(user?.modules, 'admin');
  const [debug] = useState(() => debugRequested());
  const [open, setOpen] = useState(debug);
  useEffect(() => {
    if (open) inspectShareScope();
  }, [open]);
  if (!isAdmin && !debug) return null;
  return (
    <>
      <Button size="sm" variant="outline" aria-expanded={open} aria-controls={open ? 'leadsmith-diagnostics' : undefined} onClick={() => setOpen((o) => !o)}>
        {t('diagnostics.open')}
      </Button>
      {open ? <DiagnosticsPanel detailed={isAdmin} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
