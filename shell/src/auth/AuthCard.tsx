import { Box, Center, Heading, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useBranding } from '@leadsmith/shared';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/**
 * The frame of every page outside the base layout (login, reset, callbacks). The domain's description
 * (business settings `content`) sits under its logo, as plain text: the reseller's words, never markup.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const branding = useBranding();
  return (
    <Center as="main" minH="100vh" bg="login.bg" p={4}>
      <Box bg="white" rounded="xl" shadow="md" p={8} w="full" maxW="md">
        <Stack gap={6}>
          <Stack direction="row" justify="space-between" align="center">
            {branding.logo ? (
              <Image src={branding.logo} alt={branding.name} maxH="10" />
            ) : (
              <Box fontWeight="bold" fontSize="xl" color="brand.fg">
                {branding.name}
              </Box>
            )}
            <LanguageSwitch />
          </Stack>
          {branding.content ? (
            <Text data-testid="brand-description" color="text.muted" whiteSpace="pre-line">
              {branding.content}
            </Text>
          ) : null}
          <Heading as="h1" size="lg" color="text.heading">
            {title}
          </Heading>
          {children}
        </Stack>
      </Box>
    </Center>
  );
}
