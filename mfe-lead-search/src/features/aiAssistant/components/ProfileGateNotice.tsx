import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { paths, useCrossAreaNavigate } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';

/** Spec §5/§8: 'AI tools unavailable until the business profile is done', with a link to the profile in Settings. */
export function ProfileGateNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('leadSearch');
  const navigate = useCrossAreaNavigate();
  const href = paths.settings.businessProfile();
  return (
    <Box
      role="alert"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.50"
      color="gray.900"
      rounded="md"
      p={compact ? 3 : 5}
      mb={4}
      data-testid="assistant-profile-required"
    >
      <Heading as={compact ? 'h3' : 'h2'} size={compact ? 'sm' : 'md'} mb={1}>
        {t('common:errors.aiProfileRequired')}
      </Heading>
      {compact ? null : <Text mb={2}>{t('assistant.gate.explain')}</Text>}
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
        {t('assistant.gate.link')}
      </Link>
    </Box>
  );
}
