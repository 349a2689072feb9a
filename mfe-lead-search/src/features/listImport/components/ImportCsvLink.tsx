import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Import CSV" on a list's toolbar: opens the list's import page (saved-lists/{type}-{id}/import). */
export function ImportCsvLink() {
  const { t } = useTranslation('leadSearch');
  return (
    <Button asChild size="sm" variant="outline">
      <Link to="import">{t('import.open')}</Link>
    </Button>
  );
}
