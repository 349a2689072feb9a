import { Box, Button, chakra, Code, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import {
  FilterSelect,
  applyApiFieldErrors,
  ErrorState,
  PageHeader,
  PageSpinner,
  RichTextField,
  TextareaField,
  TextField,
  useYupForm,
} from '@leadsmith/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SandboxedPreview } from '../../../components/SandboxedPreview';
import { useSettled } from '../../../components/useSettled';
import {
  useEmailTemplates,
  type EmailTemplate,
  type TemplateKind,
  type TemplateLanguage,
} from '../api/getEmailTemplates';
import { useEmailPreview } from '../api/previewEmailTemplate';
import {
  emailTemplateSchema,
  useResetEmailTemplate,
  useSaveEmailTemplate,
  type EmailTemplateValues,
} from '../api/saveEmailTemplate';

const LANGUAGES: readonly TemplateLanguage[] = ['en', 'es', 'fr', 'de'];
const PREVIEW_DELAY_MS = 400;

function TemplateForm({ template, lang }: { template: EmailTemplate; lang: TemplateLanguage }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveEmailTemplate();
  const reset = useResetEmailTemplate();
  const form = useYupForm(emailTemplateSchema, {
    defaultValues: { subject: template.subject, html: template.html, text: template.text },
  });
  const submit = form.handleSubmit(async (input: EmailTemplateValues) => {
    try {
      await save.mutateAsync({ kind: template.kind, input });
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  const [subject, html, text] = form.watch(['subject', 'html', 'text']);
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`template-${template.kind}`}>
      <Heading as="h2" size="md" mb={1} id={`template-${template.kind}`}>
        {t(`templates.kinds.${template.kind}`)}
      </Heading>
      <Text fontSize="sm" mb={3}>
        {template.is_default ? t('templates.usingDefault') : t('templates.usingCustom')} {t('templates.placeholders')}{' '}
        {template.variables.map((p) => (
          <Code key={p} mr={1}>{`{${p}}`}</Code>
        ))}
      </Text>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap={6}>
        <Box>
          <TextField
            label={t('templates.subject')}
            registration={form.register('subject')}
            error={form.formState.errors.subject}
          />
          <RichTextField
            label={t('templates.body')}
            htmlLabel={t('templates.html')}
            value={html}
            onChange={(value) => form.setValue('html', value, { shouldDirty: true })}
            registration={form.register('html')}
            error={form.formState.errors.html}
          />
          <TextareaField
            label={t('templates.text')}
            registration={form.register('text')}
            error={form.formState.errors.text}
            rows={8}
          />
          <Flex gap={3}>
            <Button type="submit" colorPalette="brand" loading={save.isPending}>
              {tc('actions.save')}
            </Button>
            {template.is_default ? null : (
              <Button variant="outline" loading={reset.isPending} onClick={() => reset.mutate(template.kind)}>
                {t('templates.reset')}
              </Button>
            )}
          </Flex>
        </Box>
        <TemplatePreview kind={template.kind} lang={lang} subject={subject} html={html} text={text} />
      </SimpleGrid>
    </chakra.form>
  );
}

/**
 * The email as a customer receives it: rendered by the API with the reseller's logo, colours and
 * domain and sample values, shown in the area's sandboxed frame (opaque origin, ADR 007), with its text part.
 */
function TemplatePreview({
  kind,
  lang,
  subject,
  html,
  text,
}: {
  kind: TemplateKind;
  lang: TemplateLanguage;
  subject: string;
  html: string;
  text: string;
}) {
  const { t } = useTranslation('whitelabel');
  // Settled by value (a string): an object made on every render would never settle and re-render the page forever.
  const settled = useSettled(JSON.stringify({ subject, html, text, lang }), PREVIEW_DELAY_MS);
  const draft = useMemo(
    () => JSON.parse(settled) as { subject: string; html: string; text: string; lang: TemplateLanguage },
    [settled],
  );
  const preview = useEmailPreview(kind, draft);
  return (
    <Box
      as="section"
      aria-labelledby={`preview-${kind}`}
      borderWidth="1px"
      borderRadius="md"
      p={4}
      bg="white"
      data-testid={`template-preview-${kind}`}
    >
      <Heading as="h3" size="sm" mb={1} id={`preview-${kind}`}>
        {t('templates.preview')}
      </Heading>
      <Text fontSize="sm" mb={3}>
        {t('templates.previewHelp')}
      </Text>
      {preview.isError ? (
        <Text color="red.700">{t('templates.previewFailed')}</Text>
      ) : preview.data ? (
        <>
          <Text fontWeight="semibold" mb={2} data-testid="template-preview-subject">
            {t('templates.previewSubject')} {preview.data.subject}
          </Text>
          <SandboxedPreview title={t('templates.previewFrame')} html={preview.data.html} height="28rem" />
          <Heading as="h4" size="xs" mt={3} mb={1}>
            {t('templates.previewText')}
          </Heading>
          <Text whiteSpace="pre-wrap" fontSize="sm" data-testid="template-preview-body">
            {preview.data.text}
          </Text>
        </>
      ) : (
        <PageSpinner />
      )}
    </Box>
  );
}

/**
 * whitelabel/email-templates: every email the reseller's customers receive (the kind is in the URL,
 * `?kind=`), its subject, HTML body and text alternative, with a live preview in the reseller's brand.
 * `?lang=` picks the language of the built-in text shown for kinds not yet saved, and of the preview.
 */
export function EmailTemplatesPage() {
  const { t } = useTranslation('whitelabel');
  const [params, setParams] = useSearchParams();
  const lang = (LANGUAGES as readonly string[]).includes(params.get('lang') ?? '')
    ? (params.get('lang') as TemplateLanguage)
    : 'en';
  const templates = useEmailTemplates(lang);
  const choose = (key: 'kind' | 'lang', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  if (templates.isPending) return <PageSpinner />;
  if (templates.isError) return <ErrorState title={t('kit.loadFailed')} onRetry={() => void templates.refetch()} />;
  const template = templates.data.find((tpl) => tpl.kind === params.get('kind')) ?? templates.data[0]!;
  return (
    <Box>
      <PageHeader title={t('routes.emailTemplates')} />
      <Flex gap={4} wrap="wrap" mb={6}>
        <FilterSelect
          size="md"
          width="20rem"
          label={t('templates.kind')}
          value={template.kind}
          onChange={(v) => choose('kind', v)}
          options={templates.data.map((tpl) => ({
            value: tpl.kind,
            label: `${t(`templates.kinds.${tpl.kind}`)}${tpl.is_default ? '' : ` — ${t('templates.customised')}`}`,
          }))}
        />
        <FilterSelect
          size="md"
          label={t('templates.language')}
          value={lang}
          onChange={(v) => choose('lang', v)}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`templates.languages.${l}`) }))}
        />
      </Flex>
      <Text fontSize="sm" mb={4}>
        {t('templates.languageHelp')}
      </Text>
      <TemplateForm
        key={`${template.kind}-${lang}-${template.updated_at ?? 'default'}`}
        template={template}
        lang={lang}
      />
    </Box>
  );
}
