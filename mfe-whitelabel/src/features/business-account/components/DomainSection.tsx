import { Box, Button, Code, Heading, List, Text } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageSpinner } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useDomainStatus } from '../api/getDomainStatus';
import { useVerifyDomain } from '../api/verifyDomain';

/**
 * The reseller's own domain: point it at the platform (a CNAME to the host this page is served from),
 * publish the TXT record that proves it owns the domain, verify. The platform's proxy gets a TLS
 * certificate for the domain only once it is verified.
 */
export function DomainSection({ hasAccount }: { hasAccount: boolean }) {
  const { t } = useTranslation('whitelabel');
  const status = useDomainStatus(hasAccount);
  const verify = useVerifyDomain();
  if (!hasAccount) return null;
  return (
    <Box
      as="section"
      aria-labelledby="domain-title"
      borderWidth="1px"
      borderRadius="md"
      p={4}
      mt={8}
      maxW="48rem"
      data-testid="domain-section"
    >
      <Heading as="h2" size="md" mb={2} id="domain-title">
        {t('account.domain.title')}
      </Heading>
      {status.isPending ? (
        <PageSpinner />
      ) : status.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <Text mb={3} fontWeight="semibold" data-testid="domain-state">
            {status.data.verified_at
              ? t('account.domain.verified', { domain: status.data.domain })
              : t('account.domain.pending', { domain: status.data.domain })}
          </Text>
          <List.Root as="ol" ps={5} mb={4} gap={2}>
            <List.Item>
              {t('account.domain.stepCname')} <Code>{status.data.domain}</Code> →{' '}
              <Code>{window.location.hostname}</Code>
            </List.Item>
            <List.Item>
              {t('account.domain.stepTxt')} <Code data-testid="domain-txt-name">{status.data.txt_name}</Code> ={' '}
              <Code data-testid="domain-txt-value">{status.data.txt_value}</Code>
            </List.Item>
            <List.Item>{t('account.domain.stepVerify')}</List.Item>
          </List.Root>
          <Text fontSize="sm" mb={4}>
            {t('account.domain.tls')}
          </Text>
          {verify.isError ? (
            <Text color="red.700" mb={3} role="alert">
              {apiErrorMessage(verify.error, t('kit.loadFailed'))}
            </Text>
          ) : null}
          <Button colorPalette="brand" loading={verify.isPending} onClick={() => verify.mutate()}>
            {status.data.verified_at ? t('account.domain.verifyAgain') : t('account.domain.verify')}
          </Button>
        </>
      )}
    </Box>
  );
}
