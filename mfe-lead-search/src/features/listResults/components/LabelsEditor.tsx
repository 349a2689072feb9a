import { Box, Button, HStack, Input, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface LabelsEditorProps {
  pending: boolean;
  onChange: (change: { add?: string[]; remove?: string[] }) => Promise<void>;
}

/** Custom labels for the selected results: one label added or removed at a time. */
export function LabelsEditor({ pending, onChange }: LabelsEditorProps) {
  const { t } = useTranslation('leadSearch');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (kind: 'add' | 'remove') => {
    const value = label.trim();
    if (!value) {
      setError(t('labels.required'));
      return;
    }
    if (value.length > 40) {
      setError(t('labels.tooLong'));
      return;
    }
    setError(null);
    await onChange({ [kind]: [value] });
    setLabel('');
  };
  return (
    <Box>
      <HStack align="flex-end" wrap="wrap">
        <Box>
          <chakra.label htmlFor="label-input" fontSize="sm" fontWeight="medium" display="block">
            {t('labels.label')}
          </chakra.label>
          <Input
            id="label-input"
            size="sm"
            w="40"
            value={label}
            aria-invalid={Boolean(error) || undefined}
            onChange={(e) => setLabel(e.target.value)}
          />
        </Box>
        <Button size="sm" variant="outline" loading={pending} onClick={() => void submit('add')}>
          {t('labels.add')}
        </Button>
        <Button size="sm" variant="outline" loading={pending} onClick={() => void submit('remove')}>
          {t('labels.remove')}
        </Button>
      </HStack>
      {error ? (
        <chakra.p role="alert" color="red.700" fontSize="sm">
          {error}
        </chakra.p>
      ) : null}
    </Box>
  );
}
