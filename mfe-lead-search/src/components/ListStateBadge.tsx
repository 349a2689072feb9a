import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../api/types';

/** A list is in one state at a time (spec §4: active, incomplete, archived): an archived list is archived, whatever it was before. */
export function listState(campaign: Pick<Campaign, 'archived' | 'status'>): 'active' | 'incomplete' | 'archived' {
  return campaign.archived ? 'archived' : campaign.status;
}

const PALETTE = { active: 'green', incomplete: 'orange', archived: 'gray' } as const;

/** The list's one state, as a badge (the saved lists and the list's own page). */
export function ListStateBadge({ campaign }: { campaign: Pick<Campaign, 'archived' | 'status'> }) {
  const { t } = useTranslation('leadSearch');
  const state = listState(campaign);
  return (
    <Badge colorPalette={PALETTE[state]} data-testid="list-state">
      {t(`listStatus.${state}`)}
    </Badge>
  );
}
