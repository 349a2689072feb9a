import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiTextsOf } from '../api/types';
import { i18n } from '@leadsmith/shared';

/** The AI texts of a result on its details page (spec: 'ai' action output). */
export function AiTextsSection({ data }: { data: Record<string, unknown> }) {
  const { t } = useTranslation('leadSearch');
  const texts = aiTextsOf(data);
  return (
    <Box as="section" aria-labelledby="ai-texts-heading" mt={6} data-testid="ai-texts">
      <Heading as="h3" id="ai-texts-heading" size="md" mb={2}>
        {t('assistant.texts.title')}
      </Heading>
      {texts.length === 0 ? (
        <Text>{t('assistant.texts.none')}</Text>
      ) : (
        <Stack gap={3}>
          {texts.map((x) => (
            <Box key={x.prompt_id} borderWidth="1px" borderRadius="md" p={3} data-testid="ai-text">
              <Text fontWeight="semibold">
                {x.title} · {t(`assistant.promptTypes.${x.prompt_type}`)}
              </Text>
              <Text whiteSpace="pre-wrap">{x.text}</Text>
              <Text fontSize="sm">
                {t('assistant.texts.generatedAt', {
                  date: new Date(x.generated_at).toLocaleString(i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                })}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The AI texts of a result in the list: the first one, expandable to all. */
export function AiTextsCell({ data, name }: { data: Record<string, unknown>; name: string }) {
  const { t } = useTranslation('leadSearch');
  const [open, setOpen] = useState(false);
  const texts = aiTextsOf(data);
  if (texts.length === 0) return null;
  const shown = open ? texts : texts.slice(0, 1);
  return (
    <Box maxW="sm" data-testid="ai-text-cell">
      {shown.map((x) => (
        <Text key={x.prompt_id} fontSize="sm" lineClamp={open ? undefined : 2} title={x.title}>
          {x.text}
        </Text>
      ))}
      {texts.length > 1 || texts[0]!.text.length > 120 ? (
        <Box
          as="button"
          fontSize="sm"
          textDecoration="underline"
          color="brand.fg"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-label={t(open ? 'assistant.texts.lessOf' : 'assistant.texts.moreOf', { name })}
        >
          {t(open ? 'assistant.texts.less' : 'assistant.texts.more', { count: texts.length })}
        </Box>
      ) : null}
    </Box>
  );
}
