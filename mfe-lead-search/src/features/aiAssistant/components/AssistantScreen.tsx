import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, FilterSelect, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFineTunes } from '../api/getFineTunes';
import { useProfileStatus } from '../api/getProfileStatus';
import { AI_LIST_TYPES } from '../api/types';
import { ProfileGateNotice } from './ProfileGateNotice';
import { PromptBadge, PromptForm } from './PromptForm';

/** lead-search/ai-assistant (FineTuning): the user's prompts by list type and prompt type. */
export function AssistantScreen() {
  const { t } = useTranslation('leadSearch');
  const [params, setParams] = useSearchParams();
  const listType = (AI_LIST_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? params.get('type')!
    : 'people';
  const selectedParam = params.get('prompt');
  const prompts = useFineTunes(listType);
  const profile = useProfileStatus();
  const profileDone = profile.data?.profile_completed ?? false;

  const choose = (next: { type?: string; prompt?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.type !== undefined) p.set('type', next.type);
    if (next.prompt === null) p.delete('prompt');
    else if (next.prompt !== undefined) p.set('prompt', next.prompt);
    setParams(p, { replace: true });
  };

  let content;
  if (prompts.isPending) content = <PageSpinner />;
  else if (prompts.isError)
    content = (
      <ErrorState
        title={apiErrorMessage(prompts.error, t('assistant.loadFailed'))}
        onRetry={() => void prompts.refetch()}
      />
    );
  else {
    const list = prompts.data.data;
    const isNew = selectedParam === 'new';
    const selected = isNew ? null : (list.find((p) => String(p.id) === selectedParam) ?? list[0] ?? null);
    content = (
      <Flex gap={6} direction={{ base: 'column', lg: 'row' }} align="flex-start">
        <Box as="nav" aria-label={t('assistant.promptsLabel')} w={{ base: 'full', lg: '72' }} flexShrink={0}>
          <Stack as="ul" listStyleType="none" gap={1} m={0} p={0}>
            {list.map((p) => {
              const current = !isNew && selected?.id === p.id;
              return (
                <li key={p.id}>
                  <Button
                    w="full"
                    justifyContent="space-between"
                    variant={current ? 'subtle' : 'ghost'}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => choose({ prompt: String(p.id) })}
                    data-testid="prompt-item"
                  >
                    <Text as="span" truncate>
                      {p.standard ? t(`assistant.promptTypes.${p.prompt_type}`) : p.title}
                    </Text>
                    <PromptBadge prompt={p} />
                  </Button>
                </li>
              );
            })}
          </Stack>
          <Button
            mt={3}
            w="full"
            variant="outline"
            aria-current={isNew ? 'true' : undefined}
            onClick={() => choose({ prompt: 'new' })}
          >
            {t('assistant.newPrompt')}
          </Button>
        </Box>
        <Box flex="1" minW={0} w="full" borderWidth="1px" borderRadius="md" p={4}>
          <PromptForm
            key={isNew ? `new-${listType}` : `${selected?.id}-${selected?.updated_at}`}
            listType={listType}
            prompt={selected}
            profileDone={profileDone}
            onSaved={(p) => choose({ prompt: String(p.id) })}
            onDeleted={() => choose({ prompt: null })}
          />
        </Box>
      </Flex>
    );
  }

  return (
    <Box>
      <PageHeader title={t('routes.aiAssistant')} />
      {profile.data && !profileDone ? <ProfileGateNotice /> : null}
      <Flex gap={4} align="flex-end" wrap="wrap" mb={6}>
        <FilterSelect
          label={t('assistant.listType')}
          value={listType}
          onChange={(value) => choose({ type: value, prompt: null })}
          options={AI_LIST_TYPES.map((type) => ({ value: type, label: t(`types.${type}.name`) }))}
        />
        <Text flex="1" minW="60">
          {t('assistant.intro')}
        </Text>
        <Button asChild variant="outline">
          <Link to="library">{t('assistant.browseLibrary')}</Link>
        </Button>
      </Flex>
      {content}
    </Box>
  );
}
