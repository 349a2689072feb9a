import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { isNotFoundError } from '@leadsmith/shared/core';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  title: string;
  detail?: string;
  onRetry?: () => void;
  /** What failed: a 404 says the item does not exist and offers no retry (asking again cannot help). */
  error?: unknown;
  /** The screen's own words for a 404 (default: a generic "not found"). */
  notFoundTitle?: string;
}

/** A designed failure state: role=alert, a clear message and, when asking again may help, a retry. */
export function ErrorState({ title, detail, onRetry, error, notFoundTitle }: ErrorStateProps) {
  const { t } = useTranslation('common');
  const missing = isNotFoundError(error);
  const retry = missing ? undefined : onRetry;
  const body = missing ? (notFoundTitle ? undefined : t('errors.itemNotFoundBody')) : detail;
  return (
    <Box
      role="alert"
      borderWidth="1px"
      borderColor="red.200"
      bg="red.50"
      color="red.900"
      rounded="md"
      p={6}
      maxW="2xl"
      data-testid="error-state"
    >
      <Heading as="h2" size="md" mb={2}>
        {missing ? (notFoundTitle ?? t('errors.itemNotFoundTitle')) : title}
      </Heading>
      {body ? <Text mb={retry ? 4 : 0}>{body}</Text> : null}
      {retry ? (
        <Button onClick={retry} colorPalette="brand">
          {t('actions.retry')}
        </Button>
      ) : null}
    </Box>
  );
}
