import { Box, Button, Code, Heading, HStack, Text } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageSpinner, i18n } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIntentTracking } from '../api/getIntentTracking';

/** Intent list settings (spec §2 toolbar "settings"): the tracking snippet for the user's site and what it recorded. */
export function IntentSettingsPanel({ campaignId, searching }: { campaignId: number; searching: boolean }) {
  const { t } = useTranslation('leadSearch');
  const tracking = useIntentTracking(campaignId);
  const [copied, setCopied] = useState(false);
  return (
    <Box
      as="section"
      aria-labelledby="intent-settings-heading"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      p={4}
      mb={4}
    >
      <Heading as="h2" id="intent-settings-heading" size="md" mb={2}>
        {t('intent.heading')}
      </Heading>
      {tracking.isPending ? (
        <PageSpinner />
      ) : tracking.isError ? (
        <ErrorState
          title={apiErrorMessage(tracking.error, t('errors.loadFailed'))}
          onRetry={() => void tracking.refetch()}
        />
      ) : (
        <>
          <Text mb={2}>{t('intent.help')}</Text>
          <Code
            as="pre"
            data-testid="tracking-snippet"
            display="block"
            whiteSpace="pre-wrap"
            wordBreak="break-all"
            p={3}
            mb={2}
          >
            {tracking.data.snippet}
          </Code>
          <HStack mb={2} wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(tracking.data.snippet).then(() => setCopied(true));
              }}
            >
              {t('intent.copy')}
            </Button>
            {copied ? <Text aria-live="polite">{t('intent.copied')}</Text> : null}
          </HStack>
          <Text data-testid="intent-visits">
            {t('intent.visits', { total: tracking.data.visits.total, pending: tracking.data.visits.pending })}
            {tracking.data.visits.last_at
              ? ` ${t('intent.lastVisit', { at: new Date(tracking.data.visits.last_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })}`
              : ''}
          </Text>
          <Text fontSize="sm" mt={1}>
            {t('intent.howItWorks')}
          </Text>
          {searching ? null : (
            <Button asChild size="sm" colorPalette="brand" mt={3}>
              <Link to={`/new-search?type=intent&campaign_id=${campaignId}`}>{t('intent.startSearch')}</Link>
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
