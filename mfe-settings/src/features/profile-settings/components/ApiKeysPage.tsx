import { Badge, Box, Button, Code, Heading, HStack, Link, Spinner, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_DOCS_URL,
  ConfirmDeleteButton,
  DataTable,
  ErrorState,
  PageHeader,
  Pagination,
  ResourceFormFrame,
  TextField,
  useListParams,
  useYupForm,
  type Column,
} from '@leadsmith/shared';
import { apiKeyNameSchema, useCreateApiKey } from '../api/create-api-key';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys, type ApiKey } from '../api/get-api-keys';
import { useUpdateApiKey } from '../api/update-api-key';
import { ProfileSettingsNav } from './ProfileSettingsNav';

/** The key's name, the one field of the add form and of a key's rename form (the kit's form frame). */
function NameForm({
  label,
  defaultName,
  submitLabel,
  saving,
  onSave,
  onSaved,
  onCancel,
}: {
  label: string;
  defaultName: string;
  submitLabel?: string;
  saving: boolean;
  onSave: (name: string) => Promise<unknown>;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('settings');
  const form = useYupForm(apiKeyNameSchema, { defaultValues: { name: defaultName } });
  return (
    <ResourceFormFrame
      form={form}
      label={label}
      submitLabel={submitLabel}
      maxW="none"
      saving={saving}
      onSave={(values) => onSave(values.name)}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <TextField label={t('apiKeys.name')} registration={form.register('name')} error={form.formState.errors.name} />
    </ResourceFormFrame>
  );
}

/** The page is kept in the address (?page=); the list has no filters. */
const NO_FILTERS: readonly never[] = [];

/** Profile settings → API keys: list with created / last used / revoked dates; add (key shown once), rename, revoke, delete; the list through the shared kit. */
export function ApiKeysPage() {
  const { t, i18n } = useTranslation('settings');
  const { page, setPage } = useListParams(NO_FILTERS);
  const [editing, setEditing] = useState<number | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const keys = useApiKeys(page);
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const remove = useDeleteApiKey();
  const date = (value: string | null) =>
    value
      ? new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : t('apiKeys.never');

  const columns: Column<ApiKey>[] = [
    {
      key: 'name',
      header: t('apiKeys.name'),
      render: (key) =>
        editing === key.id ? (
          <NameForm
            label={t('actions.editItem', { item: key.name })}
            defaultName={key.name}
            saving={update.isPending}
            onSave={(name) => update.mutateAsync({ id: key.id, name })}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <>
            <Text fontWeight="semibold">{key.name}</Text>
            <Code>{key.key_prefix}…</Code>
          </>
        ),
    },
    { key: 'created', header: t('apiKeys.created'), render: (key) => date(key.created_at) },
    { key: 'lastUsed', header: t('apiKeys.lastUsed'), render: (key) => date(key.last_used_at) },
    {
      key: 'revoked',
      header: t('apiKeys.revoked'),
      render: (key) =>
        key.revoked_at ? (
          <Badge colorPalette="red">{date(key.revoked_at)}</Badge>
        ) : (
          <Badge colorPalette="green">{t('apiKeys.active')}</Badge>
        ),
    },
    {
      key: 'actions',
      header: t('apiKeys.actions'),
      render: (key) => (
        <HStack gap={2} wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            aria-label={t('actions.editItem', { item: key.name })}
            onClick={() => setEditing(key.id)}
          >
            {t('actions.edit')}
          </Button>
          {key.revoked_at ? null : (
            <Button
              size="sm"
              variant="outline"
              aria-label={t('apiKeys.revokeItem', { item: key.name })}
              loading={update.isPending && update.variables?.id === key.id && update.variables.revoked}
              onClick={() => update.mutate({ id: key.id, revoked: true })}
            >
              {t('apiKeys.revoke')}
            </Button>
          )}
          <ConfirmDeleteButton
            itemLabel={key.name}
            loading={remove.isPending && remove.variables === key.id}
            onConfirm={() => remove.mutate(key.id)}
          />
        </HStack>
      ),
    },
  ];

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
          label={t('apiKeys.addTitle')}
          defaultName=""
          submitLabel={t('apiKeys.create')}
          saving={create.isPending}
          onSave={async (name) => setCreated({ name, key: (await create.mutateAsync({ name })).key })}
          onSaved={() => {
            setFormKey((k) => k + 1);
            setPage(1);
          }}
        />
        {created ? (
          <Box role="status" bg="green.50" borderWidth="1px" borderColor="green.300" rounded="md" p={3} mt={4}>
            <Text fontWeight="semibold" color="green.900">
              {t('apiKeys.createdOnce', { name: created.name })}
            </Text>
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
      ) : (
        <>
          <DataTable
            label={t('apiKeys.listTitle')}
            rows={keys.data.data}
            rowKey={(key) => key.id}
            columns={columns}
            empty={t('apiKeys.empty')}
          />
          <Pagination
            label={t('apiKeys.listTitle')}
            page={keys.data.currentPage}
            pageSize={keys.data.pageSize}
            total={keys.data.total}
            onChange={setPage}
            hideSinglePage
          />
        </>
      )}
    </Box>
  );
}
