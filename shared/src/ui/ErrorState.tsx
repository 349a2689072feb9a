import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  title: string;
  detail?: string;
  onRetry?: () => void;
}

/** A designed failure state: role=alert, a clear message and, when possible, a retry. */
export function ErrorState({ title, detail, onRetry }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" color="red.900" rounded="md" p={6} maxW="2xl" data-testid="error-state">
      <Heading as="h2" size="md" mb={2}>
        {title}
      </Heading>
      {detail ? <Text mb={onRetry ? 4 : 0}>{detail}</Text> : null}
      {onRetry ? (
        <Button onClick={onRetry} colorPalette="brand">
          {t('actions.retry')}
        </Button>
      ) : null}
    </Box>
  );
}
