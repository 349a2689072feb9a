import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { apiErrorMessage, PageSpinner, CheckboxField } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SelectionInput } from '../../listResults/api/selection';
import { useAiJob } from '../api/getAiJob';
import { useFineTunes } from '../api/getFineTunes';
import { useProfileStatus } from '../api/getProfileStatus';
import { useRunAiAction } from '../api/runAiAction';
import { AI_MAX_PROMPTS, type AiJob } from '../api/types';
import { ProfileGateNotice } from './ProfileGateNotice';

/** The 'ai' toolbar action (spec §2) in the bulk bar: opens or closes the panel, which the page draws below the bar. */
export function AiActionToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('leadSearch');
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? 'ai-action-panel' : undefined}
    >
      {t('assistant.toolbarAction')}
    </Button>
  );
}

/** Choose prompts, run them on the selection, follow the progress. */
export function AiActionPanel({
  selection,
  count,
  onClose,
}: {
  selection: SelectionInput;
  count: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const profile = useProfileStatus();
  const prompts = useFineTunes(selection.type);
  const runAi = useRunAiAction();
  const [chosen, setChosen] = useState<number[]>([]);
  const [job, setJob] = useState<AiJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const progress = useAiJob(selection.type, selection.id, job);
  const current = progress.data ?? job;

  const toggle = (id: number) =>
    setChosen((prev) =>
      prev.includes(id) ? prev.filter((x) => x !== id) : prev.length >= AI_MAX_PROMPTS ? prev : [...prev, id],
    );
  const start = async () => {
    setError(null);
    if (chosen.length === 0) {
      setError(t('assistant.action.choosePrompt'));
      return;
    }
    try {
      setJob(await runAi.mutateAsync({ ...selection, promptIds: chosen }));
    } catch (e) {
      setError(apiErrorMessage(e, t('assistant.action.failed')));
    }
  };

  let body;
  if (profile.isPending || prompts.isPending) body = <PageSpinner />;
  else if (profile.data && !profile.data.profile_completed) body = <ProfileGateNotice compact />;
  else if (prompts.isError)
    body = (
      <Text role="alert" color="red.700">
        {apiErrorMessage(prompts.error, t('assistant.loadFailed'))}
      </Text>
    );
  else
    body = (
      <Stack gap={3}>
        <chakra.fieldset>
          <chakra.legend fontWeight="semibold" mb={1}>
            {t('assistant.action.choose', { count: AI_MAX_PROMPTS })}
          </chakra.legend>
          <Flex wrap="wrap" gap={3}>
            {prompts.data!.data.map((p) => (
              <CheckboxField
                key={p.id}
                label={p.standard ? t(`assistant.promptTypes.${p.prompt_type}`) : p.title}
                size="sm"
                mb={0}
                checked={chosen.includes(p.id)}
                onChange={() => toggle(p.id)}
                disabled={!chosen.includes(p.id) && chosen.length >= AI_MAX_PROMPTS}
              />
            ))}
          </Flex>
        </chakra.fieldset>
        <Flex gap={3} align="center" wrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => void start()}
            loading={runAi.isPending}
            disabled={current?.status === 'running'}
          >
            {t('assistant.action.run', { count })}
          </Button>
          <Link to="/ai-assistant">
            <Text as="span" fontSize="sm" textDecoration="underline">
              {t('assistant.action.editPrompts')}
            </Text>
          </Link>
          <Text fontSize="sm">{t('assistant.action.free')}</Text>
        </Flex>
      </Stack>
    );

  return (
    <Box
      id="ai-action-panel"
      as="section"
      aria-labelledby="ai-action-title"
      borderWidth="1px"
      borderRadius="md"
      p={3}
      mb={3}
      bg="bg"
    >
      <Flex justify="space-between" align="center" mb={2}>
        <Text as="h2" id="ai-action-title" fontWeight="bold">
          {t('assistant.action.title')}
        </Text>
        <Button size="xs" variant="ghost" onClick={onClose}>
          {tc('actions.close')}
        </Button>
      </Flex>
      {body}
      {error ? (
        <Text role="alert" color="red.700" mt={2}>
          {error}
        </Text>
      ) : null}
      {current ? (
        <Text mt={2} aria-live="polite" data-testid="ai-progress" fontWeight="semibold">
          {t(`assistant.action.status.${current.status}`, {
            processed: current.processed,
            total: current.total,
            count: current.total,
            failed: current.failed,
          })}
        </Text>
      ) : null}
    </Box>
  );
}
