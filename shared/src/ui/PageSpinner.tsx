import { Box, Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation('common');
  return (
    <Center py={16} role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" />
      <Box as="span" srOnly>
        {t('app.loading')}
      </Box>
    </Center>
  );
}
