import { Badge, Box, Button, Code, Flex, Heading, HStack, Link, Spinner, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_DOCS_URL, ErrorState, PageHeader, TextField, applyApiFieldErrors, useYupForm } from '@leadsmith/shared';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { Pagination } from '../../../components/Pagination';
import { apiKeyNameSchema, useCreateApiKey } from '../api/create-api-key';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys, type ApiKey } from '../api/get-api-keys';
import { useUpdateApiKey } from '../api/update-api-key';
import { ProfileSettingsNav } from './ProfileSettingsNav';

function NameForm({ defaultName, submitLabel, onSubmit, pending, onCancel }: {
  defaultName: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (name: string, form: ReturnType<typeof useYupForm<{ name: string }>>) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('settings');
  const form = useYupForm(apiKeyNameSchema, { defaultValues: { name: defaultName } });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values.name, form))}>
      <Flex gap={3} align="flex-end" wrap="wrap">
        <Box flex="1" minW="200px">
          <TextField label={t('apiKeys.name')} registration={form.register('name')} error={form.formState.errors.name} />
        </Box>
        <HStack mb={4}>
          <Button type="submit" colorPalette="brand" loading={pending}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          ) : null}
        </HStack>
      </Flex>
    </form>
  );
}

/** Profile settings → API keys: list with created / last used / revoked dates; add (key shown once), rename, revoke, delete. */
export function ApiKeysPage() {
  const { t, i18n } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const keys = useApiKeys(page);
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const remove = useDeleteApiKey();
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : t('apiKeys.never'));

  const row = (key: ApiKey) => (
    <Table.Row key={key.id}>
      <Table.Cell>
        {editing === key.id ? (
          <NameForm
            defaultName={key.name}
            submitLabel={t('actions.save')}
            pending={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(name, form) => update.mutate({ id: key.id, name }, { onSuccess: () => setEditing(null), onError: (e) => applyApiFieldErrors(form, e) })}
          />
        ) : (
          <>
            <Text fontWeight="semibold">{key.name}</Text>
            <Code>{key.key_prefix}…</Code>
          </>
        )}
      </Table.Cell>
      <Table.Cell>{date(key.created_at)}</Table.Cell>
      <Table.Cell>{date(key.last_used_at)}</Table.Cell>
      <Table.Cell>{key.revoked_at ? <Badge colorPalette="red">{date(key.revoked_at)}</Badge> : <Badge colorPalette="green">{t('apiKeys.active')}</Badge>}</Table.Cell>
      <Table.Cell>
        <HStack gap={2} wrap="wrap">
          <Button size="sm" variant="outline" aria-label={t('actions.editItem', { item: key.name })} onClick={() => setEditing(key.id)}>
            {t('actions.edit')}
          </Button>
          {key.revoked_at ? null : (
            <Button size="sm" variant="outline" aria-label={t('apiKeys.revokeItem', { item: key.name })} loading={update.isPending && update.variables?.id === key.id && update.variables.revoked} onClick={() => update.mutate({ id: key.id, revoked: true })}>
              {t('apiKeys.revoke')}
            </Button>
          )}
          <ConfirmDeleteButton itemLabel={key.name} loading={remove.isPending && remove.variables === key.id} onConfirm={() => remove.mutate(key.id)} />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <Box>
      <PageHeader title={t('routes.apiKeys')} />
      <ProfileSettingsNav />
      <Text mb={4}>
        {t('apiKeys.docsIntro')}{' '}
        <Link href={API_DOCS_URL} target="_blank" rel="noopener" colorPalette="brand" fontWeight="semibold">
          {t('apiKeys.docsLink')}
        </Link>
      </Text>
      <Box as="section" aria-labelledby="api-key-add" borderWidth="1px" rounded="md" p={4} mb={6}>
        <Heading as="h2" id="api-key-add" size="md" mb={3}>
          {t('apiKeys.addTitle')}
        </Heading>
        <NameForm
          key={formKey}
          defaultName=""
          submitLabel={t('apiKeys.create')}
          pending={create.isPending}
          onSubmit={(name, form) =>
            create.mutate({ name }, { onSuccess: (data) => { setCreated({ name, key: data.key }); setFormKey((k) => k + 1); setPage(1); }, onError: (e) => applyApiFieldErrors(form, e) })
          }
        />
        {created ? (
          <Box role="status" bg="green.50" borderWidth="1px" borderColor="green.300" rounded="md" p={3}>
            <Text fontWeight="semibold" color="green.900">{t('apiKeys.createdOnce', { name: created.name })}</Text>
            <Code data-testid="new-api-key" fontSize="md" wordBreak="break-all" my={2} display="block">
              {created.key}
            </Code>
            <HStack>
              <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(created.key)}>
                {t('apiKeys.copy')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
                {t('apiKeys.hide')}
              </Button>
            </HStack>
          </Box>
        ) : null}
      </Box>
      <Heading as="h2" size="md" mb={3} id="api-key-list">
        {t('apiKeys.listTitle')}
      </Heading>
      {keys.isPending ? (
        <Spinner role="status" aria-label={t('training.loading')} />
      ) : keys.isError ? (
        <ErrorState title={t('apiKeys.loadFailed')} onRetry={() => void keys.refetch()} />
      ) : keys.data.data.length === 0 ? (
        <Text>{t('apiKeys.empty')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-labelledby="api-key-list">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('apiKeys.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.created')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.lastUsed')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.revoked')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>{keys.data.data.map(row)}</Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {keys.data ? <Pagination label={t('apiKeys.listTitle')} page={keys.data.currentPage} pageSize={keys.data.pageSize} total={keys.data.total} onPageChange={setPage} /> : null}
    </Box>
  );
}
