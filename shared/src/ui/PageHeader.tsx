import { Button, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageHeaderProps {
  title: string;
  /** Shows a back button (spec §2 marks the screens that have one). */
  onBack?: () => void;
  actions?: ReactNode;
  /** data-testid of the heading, where a test reads a title that is data (a list's name). */
  titleTestId?: string;
}

export function PageHeader({ title, onBack, actions, titleTestId }: PageHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" gap={3} mb={6} wrap="wrap">
      {onBack ? (
        <Button variant="outline" size="sm" onClick={onBack}>
          ← {t('actions.back')}
        </Button>
      ) : null}
      <Heading as="h1" size="xl" color="text.heading" flex="1" data-testid={titleTestId}>
        {title}
      </Heading>
      {actions}
    </Flex>
  );
}
