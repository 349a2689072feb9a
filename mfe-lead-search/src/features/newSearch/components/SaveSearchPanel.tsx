import { Box, Button, Heading, HStack, Input, chakra } from '@chakra-ui/react';
import { FilterSelect } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SAVED_SEARCH_ALERTS, type SavedSearchAlert } from '../../../api/saveSearch';

export interface SaveSearchPanelProps {
  /** Saves the form's search under the name (the form validates it first); resolves once saved. */
  onSave: (name: string, alert: SavedSearchAlert) => Promise<boolean>;
  busy: boolean;
  error: string | null;
}

/** Under the search form: keep these filters as a saved search, optionally with a daily or weekly alert. */
export function SaveSearchPanel({ onSave, busy, error }: SaveSearchPanelProps) {
  const { t } = useTranslation('leadSearch');
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<SavedSearchAlert>('off');
  const [saved, setSaved] = useState(false);
  const handleSave = async () => {
    setSaved(false);
    if (await onSave(name.trim(), alert)) {
      setSaved(true);
      setName('');
    }
  };
  return (
    <Box as="section" aria-labelledby="save-search-heading" borderTopWidth="1px" pt={4} mt={6}>
      <Heading as="h3" size="sm" id="save-search-heading" mb={2}>
        {t('savedSearches.saveHeading')}
      </Heading>
      <chakra.label htmlFor="saved-search-name" fontSize="sm" fontWeight="medium" display="block" mb={1}>
        {t('savedSearches.fields.name')}
      </chakra.label>
      <Input
        id="saved-search-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={Boolean(error) || undefined}
        mb={2}
      />
      <FilterSelect
        id="saved-search-alert"
        width="full"
        size="md"
        mb={3}
        label={t('savedSearches.fields.alert')}
        value={alert}
        onChange={(v) => setAlert(v as SavedSearchAlert)}
        options={SAVED_SEARCH_ALERTS.map((a) => ({ value: a, label: t(`savedSearches.alert.${a}`) }))}
      />
      <HStack>
        <Button
          type="button"
          variant="outline"
          onClick={() => void handleSave()}
          disabled={!name.trim()}
          loading={busy}
        >
          {t('savedSearches.save')}
        </Button>
        <Link to="/saved-searches">{t('savedSearches.viewAll')}</Link>
      </HStack>
      {error ? (
        <chakra.p role="alert" color="red.700" fontSize="sm" mt={2}>
          {error}
        </chakra.p>
      ) : null}
      {saved ? (
        <chakra.p role="status" fontSize="sm" mt={2}>
          {t('savedSearches.savedNote')}
        </chakra.p>
      ) : null}
    </Box>
  );
}
