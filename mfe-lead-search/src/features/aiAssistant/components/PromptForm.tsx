import { Badge, Box, Button, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import {
  apiErrorMessage,
  applyApiFieldErrors,
  SelectField,
  TextareaField,
  TextField,
  useYupForm,
  v,
  yup,
} from '@leadsmith/shared';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateFineTune, type CreateFineTuneInput } from '../api/createFineTune';
import { useDeleteFineTune } from '../api/deleteFineTune';
import { useGenerateFineTune } from '../api/generateFineTune';
import { useVariables } from '../api/getVariables';
import { useResetFineTune } from '../api/resetFineTune';
import { useUpdateFineTune } from '../api/updateFineTune';
import { PROMPT_MAX_LENGTH, PROMPT_TYPES, TITLE_MAX_LENGTH, type FineTune, type PromptType } from '../api/types';

interface PromptValues {
  title: string;
  prompt_type: PromptType;
  prompt: string;
}

function usePromptSchema() {
  return useMemo(
    () =>
      yup.object({
        title: v.required().max(TITLE_MAX_LENGTH, v.message('maxLength', { count: TITLE_MAX_LENGTH })),
        prompt_type: yup
          .mixed<PromptType>()
          .oneOf([...PROMPT_TYPES])
          .required(),
        prompt: v.required().max(PROMPT_MAX_LENGTH, v.message('maxLength', { count: PROMPT_MAX_LENGTH })),
      }) as yup.ObjectSchema<PromptValues>,
    [],
  );
}

export interface PromptFormProps {
  listType: string;
  /** The prompt edited; none: a new prompt. */
  prompt: FineTune | null;
  profileDone: boolean;
  onSaved: (prompt: FineTune) => void;
  onDeleted: () => void;
}

/** Edits one prompt (or writes a new one): title, text with variables inserted at the cursor, reset, delete, generate. */
export function PromptForm({ listType, prompt, profileDone, onSaved, onDeleted }: PromptFormProps) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const create = useCreateFineTune();
  const update = useUpdateFineTune();
  const reset = useResetFineTune();
  const remove = useDeleteFineTune();
  const generate = useGenerateFineTune();
  const variables = useVariables(listType);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const form = useYupForm<PromptValues>(usePromptSchema(), {
    defaultValues: {
      title: prompt?.title ?? '',
      prompt_type: prompt?.prompt_type ?? 'custom',
      prompt: prompt?.prompt ?? '',
    },
  });
  const promptType = form.watch('prompt_type');
  const { ref: promptRef, ...promptRegistration } = form.register('prompt');

  const insert = (name: string) => {
    const el = textarea.current;
    const value = form.getValues('prompt') ?? '';
    const token = `{${name}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    form.setValue('prompt', value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (prompt) {
        const dirty = form.formState.dirtyFields;
        const saved = await update.mutateAsync({
          id: prompt.id,
          ...(dirty.title || !prompt.standard ? { title: values.title.trim() } : {}),
          prompt: values.prompt.trim(),
        });
        form.reset({ title: saved.title, prompt_type: saved.prompt_type, prompt: saved.prompt });
        onSaved(saved);
      } else {
        onSaved(
          await create.mutateAsync({
            type: listType as CreateFineTuneInput['type'],
            prompt_type: values.prompt_type,
            title: values.title.trim(),
            prompt: values.prompt.trim(),
          }),
        );
      }
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });

  const onGenerate = async () => {
    setGenerateError(null);
    try {
      const answer = await generate.mutateAsync({ type: listType, prompt_type: prompt?.prompt_type ?? promptType });
      form.setValue('prompt', answer.prompt, { shouldDirty: true });
    } catch (error) {
      setGenerateError(apiErrorMessage(error, t('assistant.generateFailed')));
    }
  };

  const onReset = async () => {
    if (!prompt) return;
    try {
      const saved = await reset.mutateAsync(prompt.id);
      form.reset({ title: saved.title, prompt_type: saved.prompt_type, prompt: saved.prompt });
      onSaved(saved);
    } catch {
      // The API's message is shown as a toast.
    }
  };

  const heading = prompt
    ? prompt.standard
      ? t(`assistant.promptTypes.${prompt.prompt_type}`)
      : prompt.title
    : t('assistant.newPrompt');
  return (
    <chakra.form aria-labelledby="prompt-form-title" onSubmit={(e) => void onSubmit(e)} noValidate>
      <HStack mb={3} wrap="wrap">
        <Text as="h2" id="prompt-form-title" fontWeight="bold" fontSize="lg">
          {heading}
        </Text>
        {prompt ? <PromptBadge prompt={prompt} /> : null}
      </HStack>
      {prompt?.standard ? <Text mb={3}>{t(`assistant.typeHelp.${prompt.prompt_type}`)}</Text> : null}
      <TextField
        label={t('assistant.fields.title')}
        registration={form.register('title')}
        error={form.formState.errors.title}
        maxLength={TITLE_MAX_LENGTH}
      />
      {prompt ? null : (
        <SelectField
          label={t('assistant.fields.promptType')}
          registration={form.register('prompt_type')}
          options={PROMPT_TYPES.filter((p) => p !== 'library').map((p) => ({
            value: p,
            label: t(`assistant.promptTypes.${p}`),
          }))}
        />
      )}
      <TextareaField
        label={t('assistant.fields.prompt')}
        registration={{
          ...promptRegistration,
          ref: (el: HTMLTextAreaElement | null) => {
            promptRef(el);
            textarea.current = el;
          },
        }}
        error={form.formState.errors.prompt}
        rows={6}
        maxLength={PROMPT_MAX_LENGTH}
        helper={t('assistant.fields.promptHelp')}
      />
      {variables.data ? (
        <Stack gap={2} mb={4} as="section" aria-label={t('assistant.variables.title')}>
          <Text fontWeight="semibold">{t('assistant.variables.title')}</Text>
          {(['result', 'business'] as const).map((group) => (
            <Flex key={group} wrap="wrap" gap={2} align="center">
              <Text fontSize="sm" minW="28">
                {t(`assistant.variables.${group}`)}
              </Text>
              {variables.data[group].map((name) => (
                <Button
                  key={name}
                  size="xs"
                  variant="outline"
                  fontFamily="mono"
                  onClick={() => insert(name)}
                  aria-label={t('assistant.variables.insert', { name: `{${name}}` })}
                >
                  {`{${name}}`}
                </Button>
              ))}
            </Flex>
          ))}
        </Stack>
      ) : null}
      {prompt?.standard && prompt.customized && prompt.default_prompt ? (
        <Box borderWidth="1px" borderRadius="md" p={3} mb={4} bg="bg.subtle">
          <Text fontWeight="semibold" fontSize="sm">
            {t('assistant.defaultPrompt')}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="default-prompt">
            {prompt.default_prompt}
          </Text>
        </Box>
      ) : null}
      <Flex gap={3} wrap="wrap" align="center">
        <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
          {prompt ? tc('actions.save') : t('assistant.create')}
        </Button>
        <Button
          variant="outline"
          onClick={() => void onGenerate()}
          loading={generate.isPending}
          disabled={!profileDone}
        >
          {t('assistant.generate')}
        </Button>
        {prompt?.standard && prompt.customized ? (
          <Button variant="outline" onClick={() => void onReset()} loading={reset.isPending}>
            {t('assistant.reset')}
          </Button>
        ) : null}
        {prompt && !prompt.standard ? (
          confirmDelete ? (
            <>
              <Text fontWeight="semibold">{t('assistant.confirmDelete', { title: prompt.title })}</Text>
              <Button
                colorPalette="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(prompt.id, {
                    onSuccess: onDeleted,
                    onSettled: () => setConfirmDelete(false),
                  })
                }
              >
                {t('assistant.confirm')}
              </Button>
              <Button variant="outline" onClick={() => setConfirmDelete(false)}>
                {tc('actions.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
              {t('assistant.delete')}
            </Button>
          )
        ) : null}
      </Flex>
      {generateError ? (
        <Text role="alert" color="red.700" mt={2}>
          {generateError}
        </Text>
      ) : null}
    </chakra.form>
  );
}

export function PromptBadge({ prompt }: { prompt: FineTune }) {
  const { t } = useTranslation('leadSearch');
  if (!prompt.standard)
    return (
      <Badge colorPalette="purple">{t(prompt.library_id ? 'assistant.badges.library' : 'assistant.badges.own')}</Badge>
    );
  return prompt.customized ? (
    <Badge colorPalette="blue">{t('assistant.badges.customized')}</Badge>
  ) : (
    <Badge>{t('assistant.badges.default')}</Badge>
  );
}
