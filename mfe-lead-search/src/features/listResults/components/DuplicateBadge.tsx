import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeadResult } from '../../../api/types';

/** "Also in <list>" beside a result whose contact another list of the owner holds, linking to it there. */
export function DuplicateBadge({ of }: { of?: LeadResult['duplicate_of'] }) {
  const { t } = useTranslation('leadSearch');
  if (!of) return null;
  return (
    <Badge asChild colorPalette="orange" variant="subtle" data-testid="duplicate-badge">
      <Link to={`/saved-lists/${of.list_type}-${of.campaign_id}/${of.result_id}`}>
        {t('duplicates.alsoIn', { name: of.list_name })}
      </Link>
    </Badge>
  );
}
