import { Badge, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { EmailStatus } from '../../../api/types';

const PALETTE: Record<EmailStatus, string> = { looking: 'gray', found: 'green', potential: 'orange', not_found: 'red' };

/** Spec §3 result statuses: looking for email, email found, potential emails found, no email found. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { t } = useTranslation('leadSearch');
  return (
    <Badge colorPalette={PALETTE[status]} data-testid="email-status" data-status={status} gap={1}>
      {status === 'looking' ? <Spinner size="xs" aria-hidden /> : null}
      {t(`emailStatus.${status}`)}
    </Badge>
  );
}
