import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { ErrorState, PageSpinner, paths, useCrossAreaNavigate } from '@leadsmith/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiStatus, type AiStatus } from '../features/status/api/getAiStatus';

export interface ProfileGateProps {
  children: (status: AiStatus) => ReactNode;
}

/** Spec §5/§8: AI tools stay closed until the business profile is done, with a link to it. */
export function ProfileGate({ children }: ProfileGateProps) {
  const { t } = useTranslation('ai');
  const status = useAiStatus();
  const navigate = useCrossAreaNavigate();
  // A cached "not completed" is re-checked on every visit (the profile may have just been saved in Settings).
  if (status.isPending || (status.isFetching && !status.data?.profile_completed)) return <PageSpinner />;
  if (status.isError) return <ErrorState title={t('errors.statusFailed')} onRetry={() => void status.refetch()} />;
  if (!status.data.profile_completed) {
    const href = paths.settings.businessProfile();
    return (
      <Box
        role="alert"
        borderWidth="1px"
        borderColor="orange.300"
        bg="orange.50"
        color="gray.900"
        rounded="md"
        p={6}
        maxW="2xl"
        data-testid="ai-profile-required"
      >
        <Heading as="h2" size="md" mb={2}>
          {t('common:errors.aiProfileRequired')}
        </Heading>
        <Text mb={3}>{t('gate.explain')}</Text>
        <Link
          href={href}
          color="brand.fg"
          fontWeight="semibold"
          textDecoration="underline"
          onClick={(event) => {
            event.preventDefault();
            navigate(href);
          }}
        >
          {t('gate.link')}
        </Link>
      </Box>
    );
  }
  return <>{children(status.data)}</>;
}
