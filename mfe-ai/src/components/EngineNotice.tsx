import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AiEngine } from '../features/status/api/getAiStatus';

/** Says which engine answers: the built-in templates (issue 6: the UI says when it is in use) or a model. */
export function EngineNotice({ engine }: { engine: AiEngine }) {
  const { t } = useTranslation('ai');
  return (
    <Box borderWidth="1px" borderColor="border" bg="bg.subtle" rounded="md" px={4} py={3} data-testid="ai-engine">
      <Text fontWeight="semibold">
        {engine.embedded ? t('engine.embeddedTitle') : t('engine.modelTitle', { model: engine.model })}
      </Text>
      <Text fontSize="sm">{engine.embedded ? t('engine.embeddedBody') : t('engine.modelBody')}</Text>
    </Box>
  );
}
