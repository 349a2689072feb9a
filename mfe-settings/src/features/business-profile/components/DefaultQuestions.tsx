import { Badge, Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { TextareaField, applyApiFieldErrors, useYupForm, v, yup } from '@leadsmith/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDefaultQuestions, type DefaultQuestions as Questions } from '../api/get-default-questions';
import { useSaveTrainingItem } from '../api/save-training-item';
import { trainingKeys } from '../api/training-resources';

const ANSWER_MAX = 10000;

/** The AI training's default questions above the Q&A list: answer one and it becomes a Q&A. */
export function DefaultQuestions() {
  const { t } = useTranslation('settings');
  const questions = useDefaultQuestions();
  const [answering, setAnswering] = useState<string | null>(null);
  // Failures are logged only (spec §8, training data): the section is simply not shown.
  if (!questions.data) return null;
  const { data, answered, total } = questions.data;
  return (
    <Box as="section" aria-labelledby="default-questions-heading" borderWidth="1px" rounded="md" p={4} mb={6}>
      <HStack justify="space-between" wrap="wrap" mb={3}>
        <Heading as="h3" size="md" id="default-questions-heading">
          {t('defaultQuestions.title')}
        </Heading>
        <Text data-testid="default-questions-progress">{t('defaultQuestions.progress', { answered, total })}</Text>
      </HStack>
      <Text color="text.primary" mb={3}>
        {t('defaultQuestions.intro')}
      </Text>
      <Stack as="ul" gap={2} listStyleType="none" aria-label={t('defaultQuestions.title')}>
        {data.map((q) => (
          <Box as="li" key={q.key}>
            <HStack justify="space-between" gap={3} align="flex-start">
              <Text flex="1">{q.question}</Text>
              {q.answered ? (
                <Badge colorPalette="green">{t('defaultQuestions.answered')}</Badge>
              ) : answering === q.key ? null : (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('defaultQuestions.answerOne', { question: q.question })}
                  onClick={() => setAnswering(q.key)}
                >
                  {t('defaultQuestions.answer')}
                </Button>
              )}
            </HStack>
            {answering === q.key ? <AnswerForm question={q} onDone={() => setAnswering(null)} /> : null}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function AnswerForm({ question, onDone }: { question: Questions['data'][number]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const save = useSaveTrainingItem('training-qa');
  const schema = useMemo(
    () => yup.object({ answer: v.required().max(ANSWER_MAX, v.message('maxLength', { count: ANSWER_MAX })) }),
    [],
  );
  const form = useYupForm<{ answer: string }>(schema as never, { defaultValues: { answer: '' } });
  const onSubmit = form.handleSubmit(async ({ answer }) => {
    try {
      await save.mutateAsync({ values: { question: question.question, answer } });
      await queryClient.invalidateQueries({ queryKey: trainingKeys.all });
      onDone();
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      mt={2}
      aria-label={t('defaultQuestions.answerOne', { question: question.question })}
    >
      <TextareaField
        rows={3}
        label={t('training.fields.answer')}
        required
        autoFocus
        registration={form.register('answer')}
        error={form.formState.errors.answer}
      />
      <HStack gap={2}>
        <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
      </HStack>
    </chakra.form>
  );
}
