import { Box, Button, chakra, Code, Flex, Heading, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, ErrorState, PageHeader, PageSpinner, TextField, useBranding, useYupForm, TextareaField } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useEmailTemplates, type EmailTemplate } from '../api/getEmailTemplates';
import { fillSample } from './fillSample';
import { emailTemplateSchema, useResetEmailTemplate, useSaveEmailTemplate, type EmailTemplateValues } from '../api/saveEmailTemplate';

function TemplateForm({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveEmailTemplate();
  const reset = useResetEmailTemplate();
  const form = useYupForm(emailTemplateSchema, { defaultValues: { subject: template.subject, body: template.body } });
  const submit = form.handleSubmit(async (input: EmailTemplateValues) => {
    try {
      await save.mutateAsync({ kind: template.kind, input });
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="48rem" mb={8} aria-labelledby={`template-${template.kind}`}>
      <Heading as="h2" size="md" mb={1} id={`template-${template.kind}`}>
        {t(`templates.kinds.${template.kind}`)}
      </Heading>
      <Text fontSize="sm" mb={3}>
        {template.is_default ? t('templates.usingDefault') : t('templates.usingCustom')}{' '}
        {t('templates.placeholders')} {template.placeholders.map((p) => <Code key={p} mr={1}>{`{${p}}`}</Code>)}
      </Text>
      <TextField label={t('templates.subject')} registration={form.register('subject')} error={form.formState.errors.subject} />
      <TextareaField label={t('templates.body')} registration={form.register('body')} error={form.formState.errors.body} rows={8} />
      <TemplatePreview kind={template.kind} subject={form.watch('subject')} body={form.watch('body')} />
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
    </chakra.form>
  );
}

/**
 * The email as a customer receives it, with sample values in the placeholders. Welcome emails are sent as
 * plain text, so the preview is text too: whatever the reseller types is shown, never interpreted.
 */
function TemplatePreview({ kind, subject, body }: { kind: string; subject: string; body: string }) {
  const { t } = useTranslation('whitelabel');
  const branding = useBranding();
  const values = { name: t('templates.sampleName'), brand: branding.name, email: 'jane.doe@example.com', url: `${window.location.origin}/login` };
  return (
    <Box as="section" aria-labelledby={`preview-${kind}`} borderWidth="1px" borderRadius="md" p={4} mb={4} bg="white" data-testid={`template-preview-${kind}`}>
      <Heading as="h3" size="sm" mb={1} id={`preview-${kind}`}>
        {t('templates.preview')}
      </Heading>
      <Text fontSize="sm" mb={3}>
        {t('templates.previewHelp')}
      </Text>
      <Text fontWeight="semibold" mb={2} data-testid="template-preview-subject">
        {t('templates.previewSubject')} {fillSample(subject, values)}
      </Text>
      <Text whiteSpace="pre-wrap" data-testid="template-preview-body">
        {fillSample(body, values)}
      </Text>
    </Box>
  );
}

/** whitelabel/email-templates: the texts of the emails sent to the reseller's customers (through its SMTP). */
export function EmailTemplatesPage() {
  const { t } = useTranslation('whitelabel');
  const templates = useEmailTemplates();
  return (
    <Box>
      <PageHeader title={t('routes.emailTemplates')} />
      {templates.isPending ? (
        <PageSpinner />
      ) : templates.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void templates.refetch()} />
      ) : (
        templates.data.map((tpl) => <TemplateForm key={`${tpl.kind}-${tpl.updated_at ?? 'default'}`} template={tpl} />)
      )}
    </Box>
  );
}
