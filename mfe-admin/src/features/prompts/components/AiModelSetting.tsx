import { Box, Button, chakra, HStack, Text } from '@chakra-ui/react';
import { FilterSelect } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAiModel, useSaveAiModel } from '../api/aiModel';

/** The platform's AI model, picked by the super admin; a GPT-3.5-class model has no bulk AI actions (spec §9). */
export function AiModelSetting() {
  const { t } = useTranslation('admin');
  const current = useAdminAiModel();
  const save = useSaveAiModel();
  const [choice, setChoice] = useState<string | null>(null);
  if (!current.data) return null;
  const value = choice ?? current.data.model;
  return (
    <Box as="section" aria-labelledby="ai-model-heading" borderWidth="1px" rounded="md" p={4} mb={4}>
      <Text as="h2" id="ai-model-heading" fontWeight="semibold" mb={2}>
        {t('aiModel.title')}
      </Text>
      <chakra.form
        display="flex"
        gap={2}
        alignItems="flex-end"
        flexWrap="wrap"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(value, { onSuccess: () => setChoice(null) });
        }}
      >
        <FilterSelect
          id="ai-model"
          width="64"
          label={t('aiModel.label')}
          value={value}
          onChange={setChoice}
          options={current.data.models.map((m) => ({ value: m, label: m }))}
        />
        <HStack>
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            loading={save.isPending}
            disabled={value === current.data.model}
          >
            {t('aiModel.save')}
          </Button>
        </HStack>
      </chakra.form>
      <Text fontSize="sm" mt={2} data-testid="ai-model-class">
        {current.data.bulk_actions ? t('aiModel.bulk') : t('aiModel.noBulk')}
      </Text>
    </Box>
  );
}
