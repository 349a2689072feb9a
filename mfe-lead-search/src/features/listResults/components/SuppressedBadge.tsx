import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** "Do not contact" beside a result on the account's suppression list, saying whether its email or its domain is listed. */
export function SuppressedBadge({ by }: { by?: 'email' | 'domain' | null }) {
  const { t } = useTranslation('leadSearch');
  if (!by) return null;
  return (
    <Badge colorPalette="red" variant="subtle" data-testid="suppressed-badge" title={t(`doNotContact.markBy.${by}`)}>
      {t('doNotContact.mark')}
    </Badge>
  );
}
