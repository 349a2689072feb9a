import { Button, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageHeaderProps {
  title: string;
  /** Shows a back button (spec §2 marks the screens that have one). */
  onBack?: () => void;
  actions?: ReactNode;
}

export function PageHeader({ title, onBack, actions }: PageHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" gap={3} mb={6} wrap="wrap">
      {onBack ? (
        <Button variant="outline" size="sm" onClick={onBack}>
          ← {t('actions.back')}
        </Button>
      ) : null}
      <Heading as="h1" size="xl" color="text.heading" flex="1">
        {title}
      </Heading>
      {actions}
    </Flex>
  );
}
