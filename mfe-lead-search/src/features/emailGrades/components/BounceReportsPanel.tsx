import { Box, Button, Card, Code, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { apiErrorMessage, toast } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useBounceReports, useRegenerateBounceAddress } from '../api/bounceReports';

/**
 * Where a CRM or webhook receiver reports bounced emails (a POST of `{ email, reason }` to the account's secret
 * address): a verified email that bounces is refunded once and joins the do-not-contact list.
 */
export function BounceReportsPanel() {
  const { t, i18n } = useTranslation('leadSearch');
  const reports = useBounceReports();
  const regenerate = useRegenerateBounceAddress();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const handleRegenerate = async () => {
    try {
      toast.success((await regenerate.mutateAsync()).message);
    } catch (error) {
      toast.error(apiErrorMessage(error, t('bounceReports.regenerateFailed')));
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="bounce-reports-title" size="sm" mt={6}>
      <Card.Body>
        <Stack gap={3}>
          <Heading as="h2" size="sm" id="bounce-reports-title">
            {t('bounceReports.title')}
          </Heading>
          <Text fontSize="sm">{t('bounceReports.help')}</Text>
          {reports.data ? (
            <HStack wrap="wrap">
              <Code data-testid="bounce-report-url" wordBreak="break-all">
                {reports.data.url}
              </Code>
              <Button
                size="xs"
                variant="outline"
                onClick={() => void handleRegenerate()}
                loading={regenerate.isPending}
              >
                {t('bounceReports.regenerate')}
              </Button>
            </HStack>
          ) : null}
          {reports.data?.recent.length ? (
            <Box overflowX="auto">
              <Table.Root size="sm" aria-label={t('bounceReports.recent')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('bounceReports.email')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('bounceReports.reason')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('bounceReports.refunded')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('bounceReports.when')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {reports.data.recent.map((r, i) => (
                    <Table.Row key={`${r.email}-${i}`}>
                      <Table.Cell>{r.email}</Table.Cell>
                      <Table.Cell>{r.reason ?? '—'}</Table.Cell>
                      <Table.Cell>{r.refunded}</Table.Cell>
                      <Table.Cell>{when.format(new Date(r.created_at))}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
