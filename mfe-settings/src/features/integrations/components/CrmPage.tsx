import { Badge, Box, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckboxField, ErrorState, PageHeader, PageSpinner, paths } from '@leadsmith/shared';
import { useAuthorizeCrm, useCompleteCrm, useDisconnectCrm } from '../api/connect-crm';
import { useCrmConnections, useCrmSharing, type CrmSharing } from '../api/get-crm-connections';
import { useShareCrmConnections } from '../api/share-crm-connections';
import { IntegrationNav } from './IntegrationNav';
import { ZapierConnectForm } from './ZapierConnectForm';

/**
 * Integration → CRM: connect ghl, keap, zapier, groove, sales_connector. Connecting leaves for the
 * CRM's authorisation page; the CRM returns to /crm/callback, which the shell forwards here with
 * `?code=…&state=…`, and this page stores the connection. A parent account lets its related accounts use
 * its connections; a related account sees those its parent shares, read-only, and may connect its own to
 * the same CRM, which it then sends through instead (ADR 053).
 */
export function CrmPage() {
  const { t, i18n } = useTranslation('settings');
  const [search] = useSearchParams();
  const code = search.get('code');
  const state = search.get('state');
  // Back from the CRM with `?code=…&state=…`: the list is read once the connection is stored (the address loses
  // them then). Read at the same time, it could be answered from before the connection and, having no earlier
  // answer to refresh, stay "not connected" (a request in flight is reused rather than sent again).
  const storing = Boolean(code && state);
  const connections = useCrmConnections({ enabled: !storing });
  const sharing = useCrmSharing({ enabled: !storing });
  const authorize = useAuthorizeCrm();
  const complete = useCompleteCrm();
  const disconnect = useDisconnectCrm();
  const navigate = useNavigate();
  const sent = useRef(false);

  useEffect(() => {
    if (!code || !state || sent.current) return;
    sent.current = true;
    complete.mutate(
      { code, state },
      { onSettled: () => navigate(paths.settings.integration('crm'), { replace: true }) },
    );
  }, [code, state, complete, navigate]);

  return (
    <Box>
      <PageHeader title={t('routes.crm')} />
      <IntegrationNav />
      {complete.isPending ? (
        <HStack role="status" mb={4}>
          <Spinner size="sm" aria-hidden="true" />
          <Text>{t('integrations.completing')}</Text>
        </HStack>
      ) : null}
      {connections.isPending ? (
        <PageSpinner />
      ) : connections.isError ? (
        <ErrorState title={t('integrations.loadFailed')} onRetry={() => void connections.refetch()} />
      ) : (
        <>
          {sharing.data ? <SharingNote sharing={sharing.data} /> : null}
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={t('integrations.crmTable')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('integrations.crm')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('integrations.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('apiKeys.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {connections.data.map((c) => (
                  <Table.Row key={c.provider}>
                    <Table.Cell fontWeight="semibold">{c.name}</Table.Cell>
                    <Table.Cell>
                      {c.shared ? (
                        <Stack gap={2} align="flex-start">
                          <Badge colorPalette="blue">
                            {t('integrations.sharedBy', { name: sharing.data?.shared_by ?? '' })}
                          </Badge>
                          {/* Its own connection to the CRM, once made, is used instead of the shared one (ADR 053). */}
                          {c.kind === 'webhook' ? <ZapierConnectForm /> : null}
                        </Stack>
                      ) : c.connected ? (
                        <HStack wrap="wrap">
                          <Badge colorPalette="green">
                            {t('integrations.connectedOn', {
                              date: new Date(c.connected_at ?? '').toLocaleDateString(i18n.language, {
                                dateStyle: 'medium',
                              }),
                            })}
                          </Badge>
                          {c.target ? <Text fontSize="sm">{t('crmConnect.sendsTo', { host: c.target })}</Text> : null}
                        </HStack>
                      ) : c.kind === 'webhook' ? (
                        <ZapierConnectForm />
                      ) : c.available ? (
                        <Button
                          variant="plain"
                          color="brand.fg"
                          textDecoration="underline"
                          px={0}
                          onClick={() => authorize.mutate(c.provider)}
                        >
                          {t('integrations.notConnected', { name: c.name })}
                        </Button>
                      ) : (
                        <Text>{t('integrations.notConfigured')}</Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      {c.shared ? (
                        c.available && c.kind !== 'webhook' ? (
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={t('integrations.connectOwnItem', { name: c.name })}
                            loading={authorize.isPending && authorize.variables === c.provider}
                            onClick={() => authorize.mutate(c.provider)}
                          >
                            {t('integrations.connectOwn')}
                          </Button>
                        ) : null
                      ) : c.connected ? (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t('integrations.disconnectItem', { name: c.name })}
                          loading={disconnect.isPending && disconnect.variables === c.provider}
                          onClick={() => disconnect.mutate(c.provider)}
                        >
                          {t('integrations.disconnect')}
                        </Button>
                      ) : c.available && c.kind !== 'webhook' ? (
                        <Button
                          size="sm"
                          colorPalette="brand"
                          aria-label={t('integrations.connectItem', { name: c.name })}
                          loading={authorize.isPending && authorize.variables === c.provider}
                          onClick={() => authorize.mutate(c.provider)}
                        >
                          {t('integrations.connect')}
                        </Button>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      )}
    </Box>
  );
}

/** The parent's switch for its related accounts, or the related account's note on whose connections it uses. */
function SharingNote({ sharing }: { sharing: CrmSharing }) {
  const { t } = useTranslation('settings');
  const share = useShareCrmConnections();
  if (sharing.can_share) {
    return (
      <Box mb={4}>
        <CheckboxField
          label={t('integrations.shareWithRelated')}
          name="share_with_related"
          mb={1}
          checked={share.isPending ? share.variables : sharing.share_with_related}
          disabled={share.isPending}
          onChange={(checked) => share.mutate(checked)}
        />
        <Text fontSize="sm" color="fg.muted">
          {t('integrations.shareWithRelatedHelp')}
        </Text>
      </Box>
    );
  }
  return sharing.shared_by ? (
    <Box mb={4}>
      <Text>{t('integrations.sharedWithYou', { name: sharing.shared_by })}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('integrations.sharedConnectOwn')}
      </Text>
    </Box>
  ) : null;
}
