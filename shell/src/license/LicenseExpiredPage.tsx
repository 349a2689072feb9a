import { Box, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, useBranding, useCurrentUser, useSessionStore } from '@leadsmith/shared';

/**
 * What an account whose licence has expired sees instead of the app (ADR 046): when it ended, that
 * its data is kept, and whom to contact to renew it — its reseller's support address for a
 * reseller's customer, else the platform's support. The header (and its sign-out) stays.
 */
export function LicenseExpiredPage() {
  const { t, i18n } = useTranslation('common');
  const token = useSessionStore((s) => s.token);
  const user = useCurrentUser();
  const branding = useBranding();
  const license = useQuery({
    queryKey: ['shell', 'license', token],
    queryFn: ({ signal }) => api.get('/api/license', { config: { signal, silent: true } }),
  }).data;
  const endedAt = license?.expires_at ?? user?.license_expires_at ?? null;
  const contact = license?.contact;
  const contactName = contact?.name || branding.name;
  return (
    <Box maxW="40rem" mx="auto" py={10} data-testid="license-expired">
      <Stack gap={4}>
        <Heading as="h1" size="xl">
          {t('license.title')}
        </Heading>
        <Text>
          {endedAt
            ? t('license.endedOn', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(endedAt)),
              })
            : t('license.ended')}
        </Text>
        <Text>{t('license.dataKept')}</Text>
        <Text data-testid="license-contact">
          {contact?.reseller
            ? t('license.contactReseller', { name: contactName })
            : t('license.contactSupport', { name: contactName })}
        </Text>
        {contact?.email ? (
          <ChakraLink href={`mailto:${contact.email}`} color="brand.fg" data-testid="license-contact-email">
            {contact.email}
          </ChakraLink>
        ) : null}
        {branding.support_url ? (
          <ChakraLink href={branding.support_url} target="_blank" rel="noopener noreferrer" color="brand.fg">
            {t('license.supportPage')}
          </ChakraLink>
        ) : null}
      </Stack>
    </Box>
  );
}
