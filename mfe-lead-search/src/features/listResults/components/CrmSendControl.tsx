import { Box, Button, HStack, Link, Text } from '@chakra-ui/react';
import { FilterSelect, paths, useCrossAreaNavigate } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrmConnections, type CrmId } from '../api/getCrmConnections';
import { useSendToCrm } from '../api/sendToCrm';
import type { SelectionInput } from '../api/selection';

export interface CrmSendControlProps {
  selection: SelectionInput;
  /** After the send is queued (the rows show "sending", then sent / unsent). */
  onQueued: () => void;
}

/**
 * The list toolbar's "crm" action: choose one of the account's connected CRMs and send the
 * selection. Without a connected CRM it says so, with a link to Settings → Integration → CRM.
 */
export function CrmSendControl({ selection, onQueued }: CrmSendControlProps) {
  const { t } = useTranslation('leadSearch');
  const crossNavigate = useCrossAreaNavigate();
  const connections = useCrmConnections();
  const send = useSendToCrm();
  const connected = (connections.data ?? []).filter((c) => c.connected);
  const [chosen, setChosen] = useState<CrmId | ''>('');
  const [needsConnection, setNeedsConnection] = useState(false);
  const provider = chosen || connected[0]?.provider;
  const settingsHref = paths.settings.integration('crm');

  const handleSend = async () => {
    if (!provider) {
      setNeedsConnection(true);
      return;
    }
    try {
      await send.mutateAsync({ ...selection, provider });
      onQueued();
    } catch {
      // The API's message is shown as a toast.
    }
  };

  return (
    <Box>
      <HStack gap={2} align="flex-end" wrap="wrap">
        {connected.length > 1 ? (
          <FilterSelect
            id="crm-send-provider"
            width="44"
            label={t('crmSend.provider')}
            value={provider ?? ''}
            onChange={(v) => setChosen(v as CrmId)}
            options={connected.map((c) => ({ value: c.provider, label: c.name }))}
          />
        ) : null}
        <Button
          size="sm"
          variant="outline"
          onClick={() => void handleSend()}
          loading={send.isPending || connections.isPending}
        >
          {connected.length === 1 ? t('crmSend.sendTo', { name: connected[0]!.name }) : t('crmSend.send')}
        </Button>
      </HStack>
      {needsConnection && !provider ? (
        <Text role="alert" color="red.700" fontSize="sm" mt={1}>
          {t('crmSend.connectFirst')}{' '}
          <Link
            href={settingsHref}
            color="red.700"
            textDecoration="underline"
            onClick={(event) => {
              event.preventDefault();
              crossNavigate(settingsHref);
            }}
          >
            {t('crmSend.connectLink')}
          </Link>
        </Text>
      ) : null}
    </Box>
  );
}
