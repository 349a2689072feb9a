import { Box, Button, Input, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterSelect, ErrorState, PageHeader, PageSpinner, paths } from '@leadsmith/shared';
import { useCrmFields, useSaveCrmFields, type CrmFieldMap } from '../api/crm-fields';
import { useCrmConnections, type CrmProvider } from '../api/get-crm-connections';
import { IntegrationNav } from './IntegrationNav';

function MappingForm({ provider, map }: { provider: CrmProvider; map: CrmFieldMap }) {
  const { t } = useTranslation('settings');
  const save = useSaveCrmFields();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(map.data.map((m) => [m.lead_field, m.crm_field])),
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          provider,
          mappings: map.leadFields
            .map((f) => ({ lead_field: f, crm_field: values[f] ?? '' }))
            .filter((m) => m.crm_field.trim() !== ''),
        });
      }}
    >
      <Table.ScrollArea borderWidth="1px" rounded="md" mb={4} maxW="2xl">
        <Table.Root size="sm" aria-label={t('integrations.mappingTable')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('integrations.leadField')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('integrations.crmField')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {map.leadFields.map((field) => {
              const label = t(`integrations.fields.${field}`);
              return (
                <Table.Row key={field}>
                  <Table.Cell>{label}</Table.Cell>
                  <Table.Cell>
                    <Input
                      size="sm"
                      aria-label={t('integrations.crmFieldFor', { field: label })}
                      maxLength={100}
                      value={values[field] ?? ''}
                      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                    />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Button type="submit" colorPalette="brand" loading={save.isPending}>
        {t('actions.save')}
      </Button>
    </form>
  );
}

/** Integration → CRM fields: map lead fields to the fields of a connected CRM. */
export function CrmFieldsPage() {
  const { t } = useTranslation('settings');
  const connections = useCrmConnections();
  const [chosen, setChosen] = useState<CrmProvider | null>(null);
  const provider = chosen ?? connections.data?.find((c) => c.connected && !c.shared)?.provider ?? 'ghl';
  const current = connections.data?.find((c) => c.provider === provider);
  // A connection the parent account shares maps fields the parent's way (ADR 053): not the related account's to edit.
  const fields = useCrmFields(provider, current?.connected === true && !current.shared);
  return (
    <Box>
      <PageHeader title={t('routes.crmFields')} />
      <IntegrationNav />
      {connections.isPending ? (
        <PageSpinner />
      ) : connections.isError ? (
        <ErrorState title={t('integrations.loadFailed')} onRetry={() => void connections.refetch()} />
      ) : (
        <>
          <FilterSelect
            size="md"
            width="sm"
            mb={4}
            label={t('integrations.crm')}
            value={provider}
            onChange={(v) => setChosen(v as CrmProvider)}
            options={connections.data.map((c) => ({ value: c.provider, label: c.name }))}
          />
          {current?.shared ? (
            <Text>{t('integrations.sharedFields', { name: current.name })}</Text>
          ) : !current?.connected ? (
            <Text>
              <Link to={paths.settings.integration('crm')} style={{ textDecoration: 'underline' }}>
                {t('integrations.notConnected', { name: current?.name ?? provider })}
              </Link>
            </Text>
          ) : fields.isPending ? (
            <PageSpinner />
          ) : fields.isError ? (
            <ErrorState title={t('integrations.loadFailed')} onRetry={() => void fields.refetch()} />
          ) : (
            <MappingForm key={provider} provider={provider} map={fields.data} />
          )}
        </>
      )}
    </Box>
  );
}
