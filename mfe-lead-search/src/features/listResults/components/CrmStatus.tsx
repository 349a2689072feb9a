import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LeadResult } from '../../../api/types';
import { CRM_NAMES, type CrmId } from '../api/getCrmConnections';
import type { CrmResultFields } from '../api/getResults';

const nameOf = (provider: string | null) => (provider ? (CRM_NAMES[provider as CrmId] ?? provider) : '');

/**
 * Where a result went (spec §4 sending → sent / unsent), to which CRM, and — when the CRM did not
 * take it — why, in the user's language with the CRM's own words beside it.
 */
export function CrmStatus({ result }: { result: Pick<LeadResult, 'crm_status'> & Partial<CrmResultFields> }) {
  const { t } = useTranslation('leadSearch');
  if (!result.crm_status) return null;
  const name = nameOf(result.crm_provider ?? null);
  return (
    <Box data-status={result.crm_status} data-provider={result.crm_provider ?? undefined}>
      <Text as="span">{t(`crmStatus.${result.crm_status}`)}</Text>
      {name ? <Text as="span">{` · ${name}`}</Text> : null}
      {result.crm_status === 'unsent' && result.crm_error ? (
        <Text fontSize="xs" color="red.700" data-testid="crm-error">
          {t(`crmSend.errors.${result.crm_error}`, {
            name: name || t('crmSend.theCrm'),
            defaultValue: t('crmSend.errors.unknown', { name: name || t('crmSend.theCrm') }),
          })}
          {result.crm_error_detail ? ` (${result.crm_error_detail})` : ''}
        </Text>
      ) : null}
    </Box>
  );
}
