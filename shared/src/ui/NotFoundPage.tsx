import { Box, Heading, Text, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface NotFoundPageProps {
  onHome?: () => void;
}

export function NotFoundPage({ onHome }: NotFoundPageProps) {
  const { t } = useTranslation('common');
  return (
    <Box py={10} data-testid="not-found">
      <Heading as="h1" size="xl" mb={3} color="text.heading">
        {t('errors.notFoundTitle')}
      </Heading>
      <Text mb={4}>{t('errors.notFoundBody')}</Text>
      {onHome ? (
        <Link as="button" onClick={onHome} color="brand.fg" textDecoration="underline">
          {t('errors.goHome')}
        </Link>
      ) : null}
    </Box>
  );
}
