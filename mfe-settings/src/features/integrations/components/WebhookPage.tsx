import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader, TextField, applyApiFieldErrors, paths, useYupForm, CheckboxGroupField } from '@leadsmith/shared';
import { WEBHOOK_EVENTS, useCreateWebhook, webhookSchema, type WebhookInput } from '../api/webhooks';
import { IntegrationNav } from './IntegrationNav';

const EMPTY: WebhookInput = { name: '', url: '', events: [], secret: '' };

/** Integration → Webhook: create a custom webhook connection (name, URL, subscription events, secret). */
export function WebhookPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const create = useCreateWebhook();
  const form = useYupForm(webhookSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const listPath = `${paths.settings.integration('webhook')}/list`;
  return (
    <Box>
      <PageHeader
        title={t('routes.webhook')}
        actions={
          <Button asChild variant="outline">
            <Link to={listPath}>{t('integrations.viewWebhooks')}</Link>
          </Button>
        }
      />
      <IntegrationNav />
      <Box maxW="2xl" asChild>
        <form
          noValidate
          aria-labelledby="webhook-create"
          onSubmit={form.handleSubmit((values) =>
            create.mutate(values, {
              onSuccess: () => navigate(listPath),
              onError: (error) => applyApiFieldErrors(form, error),
            }),
          )}
        >
          <Heading as="h2" id="webhook-create" size="md" mb={3}>
            {t('integrations.createWebhook')}
          </Heading>
          <TextField label={t('integrations.webhookName')} registration={form.register('name')} error={errors.name} />
          <TextField
            label={t('integrations.webhookUrl')}
            type="url"
            placeholder="https://"
            registration={form.register('url')}
            error={errors.url}
          />
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <CheckboxGroupField
                label={t('integrations.events')}
                options={WEBHOOK_EVENTS.map((event) => ({
                  value: event,
                  label: t(`integrations.eventNames.${event}`),
                }))}
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.events ? t('integrations.pickEvent') : undefined}
              />
            )}
          />
          <TextField
            label={t('integrations.secret')}
            autoComplete="off"
            registration={form.register('secret')}
            error={errors.secret}
          />
          <Text fontSize="sm" mb={4}>
            {t('integrations.secretHelp')}
          </Text>
          <Button type="submit" colorPalette="brand" loading={create.isPending}>
            {t('integrations.createWebhook')}
          </Button>
        </form>
      </Box>
    </Box>
  );
}
