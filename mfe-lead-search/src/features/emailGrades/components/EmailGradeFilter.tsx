import { Button, HStack } from '@chakra-ui/react';
import { FilterSelect, apiErrorMessage, toast } from '@leadsmith/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchType } from '../../../api/types';
import { EMAIL_GRADES, gradesLanded, useGradeSummary, useVerifyEmails, type EmailGrade } from '../api/emailGrades';

export interface EmailGradeFilterProps {
  type: SearchType;
  listId: number;
  value: EmailGrade | undefined;
  onChange: (grade: EmailGrade | undefined) => void;
}

/**
 * Filter a list by email grade (with the count of each), and grade the list's ungraded emails in the background
 * (a search grades its own when it ends); while they are checked the counts refresh and the results follow when a
 * batch lands.
 */
export function EmailGradeFilter({ type, listId, value, onChange }: EmailGradeFilterProps) {
  const { t, i18n } = useTranslation('leadSearch');
  const [verifying, setVerifying] = useState(false);
  const summary = useGradeSummary(listId, verifying);
  const verify = useVerifyEmails();
  const client = useQueryClient();
  const ungraded = summary.data?.ungraded;
  const counts = summary.data?.counts;
  // Asked by the user, or by the list's search (its end grades the emails found): the button says how many are left.
  const busy = (verifying || summary.data?.grading === true) && (ungraded ?? 0) > 0;
  const seen = useRef(summary.data);
  // Grades landed since the last poll: the rows on screen show them.
  useEffect(() => {
    if (gradesLanded(seen.current, summary.data))
      void client.invalidateQueries({ queryKey: ['leadSearch', 'results'] });
    seen.current = summary.data;
  }, [summary.data, client]);
  const number = new Intl.NumberFormat(i18n.language);

  const handleVerify = async () => {
    try {
      const queued = await verify.mutateAsync({ type, listId });
      setVerifying(queued.queued > 0);
      toast.info(queued.message);
    } catch (error) {
      toast.error(apiErrorMessage(error, t('emailGrade.verifyFailed')));
    }
  };

  return (
    <HStack align="flex-end" gap={2}>
      <FilterSelect
        id="filter-email-grade"
        width="48"
        label={t('emailGrade.filter')}
        value={value ?? ''}
        onChange={(v) => onChange((v || undefined) as EmailGrade | undefined)}
        allLabel={t('emailGrade.any')}
        options={EMAIL_GRADES.map((grade) => ({
          value: grade,
          label: counts
            ? t('emailGrade.optionCount', { grade: t(`emailGrade.grade.${grade}`), n: number.format(counts[grade]) })
            : t(`emailGrade.grade.${grade}`),
        }))}
      />
      <Button
        size="sm"
        variant="outline"
        onClick={() => void handleVerify()}
        loading={verify.isPending}
        disabled={busy}
      >
        {busy ? t('emailGrade.verifying', { n: number.format(ungraded ?? 0) }) : t('emailGrade.verify')}
      </Button>
    </HStack>
  );
}
