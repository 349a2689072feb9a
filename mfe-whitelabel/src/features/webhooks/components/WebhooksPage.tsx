import { Box, Button, chakra, Code, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, PageHeader, TextField, useYupForm, ConfirmDialog, type Column, CheckboxField, useListParams } from '@leadsmith/shared';
import { PagedTable } from '../../../components/PagedTable';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format';
import { useWebhooks, WEBHOOK_EVENTS, WEBHOOK_PAGE_SIZE, type Webhook, type WebhookEvent } from '../api/listWebhooks';
import { useSaveWebhook, webhookSchema, type WebhookValues } from '../api/saveWebhook';
import { useDeleteWebhook, useTestWebhook } from '../api/webhookActions';

function WebhookForm({ hook, onDone }: { hook: Webhook | null; onDone: () => void }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveWebhook();
  const form = useYupForm(webhookSchema, { defaultValues: { name: hook?.name ?? '', url: hook?.url ?? '', events: hook?.events ?? [], secret: '' } });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (v: WebhookValues) => {
    try {
      await save.mutateAsync({ id: hook?.id, input: { name: v.name.trim(), url: v.url.trim(), events: v.events as WebhookEvent[], secret: v.secret.trim() || null } });
      form.reset({ name: '', url: '', events: [], secret: '' });
      onDone();
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="48rem" mb={8} aria-label={t(hook ? 'webhooks.editTitle' : 'webhooks.addTitle')}>
      <Heading as="h2" size="md" mb={3}>
        {t(hook ? 'webhooks.editTitle' : 'webhooks.addTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField label={t('webhooks.name')} registration={register('name')} error={errors.name} />
        <TextField label={t('webhooks.url')} registration={register('url')} error={errors.url} placeholder="https://" />
        <TextField label={t(hook ? 'webhooks.secretKeep' : 'webhooks.secret')} registration={register('secret')} error={errors.secret} autoComplete="off" />
      </SimpleGrid>
      <Box as="fieldset" mb={4}>
        <Text as="legend" fontWeight="medium" mb={2}>
          {t('webhooks.events')}
        </Text>
        <Controller
          control={control}
          name="events"
          render={({ field }) => (
            <SimpleGrid columns={{ base: 1, md: 2 }}>
              {WEBHOOK_EVENTS.map((e) => (
                <CheckboxField key={e} label={t(`webhooks.eventNames.${e.replace('subscription.', '')}`)} checked={field.value.includes(e)} onChange={(on) => field.onChange(on ? [...field.value, e] : field.value.filter((x: string) => x !== e))} />
              ))}
            </SimpleGrid>
          )}
        />
        {errors.events ? (
          <Text color="red.700" role="alert">
            {errors.events.message}
          </Text>
        ) : null}
      </Box>
      <Flex gap={3}>
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
        {hook ? (
          <Button variant="outline" onClick={onDone}>
            {tc('actions.cancel')}
          </Button>
        ) : null}
      </Flex>
    </chakra.form>
  );
}

/** whitelabel/webhook: signed POSTs to the reseller's systems when its subscriptions change. */
export function WebhooksPage() {
  const { t, i18n } = useTranslation('whitelabel');
  const { page, setPage } = useListParams([] as const);
  const list = useWebhooks(page);
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [pending, setPending] = useState<Webhook | null>(null);
  const columns: Column<Webhook>[] = [
    { key: 'name', header: t('webhooks.name'), render: (w) => w.name },
    { key: 'url', header: t('webhooks.url'), render: (w) => <Code>{w.url}</Code> },
    { key: 'events', header: t('webhooks.events'), render: (w) => w.events.map((e) => t(`webhooks.eventNames.${e.replace('subscription.', '')}`)).join(', ') },
    { key: 'secret', header: t('webhooks.secret'), render: (w) => <Code>{w.secret}</Code> },
    { key: 'last', header: t('webhooks.lastDelivery'), render: (w) => (w.last_delivery_at ? `${w.last_status ?? ''} · ${formatDateTime(w.last_delivery_at, i18n.language)}` : '—') },
    {
      key: 'actions',
      header: t('kit.actions'),
      end: true,
      render: (w) => (
        <Flex gap={2} justify="end" wrap="wrap">
          <Button size="xs" variant="outline" aria-label={t('webhooks.testNamed', { name: w.name })} loading={test.isPending && test.variables === w.id} onClick={() => test.mutate(w.id)}>
            {t('webhooks.sendTest')}
          </Button>
          <Button size="xs" variant="outline" aria-label={t('webhooks.editNamed', { name: w.name })} onClick={() => setEditing(w)}>
            {t('kit.edit')}
          </Button>
          <Button size="xs" variant="outline" color="red.700" aria-label={t('webhooks.deleteNamed', { name: w.name })} onClick={() => setPending(w)}>
            {t('kit.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader title={t('routes.webhook')} />
      <Text mb={4}>{t('webhooks.intro')}</Text>
      <WebhookForm key={editing?.id ?? 'new'} hook={editing} onDone={() => setEditing(null)} />
      <PagedTable query={list} label={t('routes.webhook')} rowKey={(w) => w.id} columns={columns} page={page} pageSize={WEBHOOK_PAGE_SIZE} onPage={setPage} />
      <ConfirmDialog
        open={pending !== null}
        title={t('webhooks.deleteTitle')}
        body={t('webhooks.deleteBody', { name: pending?.name ?? '' })}
        confirmLabel={t('kit.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
      />
    </Box>
  );
}
