import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { EmailGrade, EmailGradeReason } from '../api/emailGrades';

const PALETTE: Record<EmailGrade, string> = {
  valid: 'green',
  accept_all: 'yellow',
  invalid: 'red',
  disposable: 'purple',
  webmail: 'blue',
  unknown: 'gray',
};

export interface EmailGradeBadgeProps {
  grade?: EmailGrade | null;
  reason?: EmailGradeReason | null;
}

/** The email's verification grade (valid, accept-all, invalid, disposable, webmail, unknown); its reason on hover and for screen readers. */
export function EmailGradeBadge({ grade, reason }: EmailGradeBadgeProps) {
  const { t } = useTranslation('leadSearch');
  if (!grade) return null;
  const why = reason ? t(`emailGrade.reason.${reason}`) : '';
  return (
    <Badge
      colorPalette={PALETTE[grade]}
      variant="outline"
      data-testid="email-grade"
      data-grade={grade}
      title={why}
      aria-label={why ? `${t(`emailGrade.grade.${grade}`)}: ${why}` : undefined}
    >
      {t(`emailGrade.grade.${grade}`)}
    </Badge>
  );
}
