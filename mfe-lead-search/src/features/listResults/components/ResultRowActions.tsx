import { Button, Menu, Portal } from '@chakra-ui/react';
import { ConfirmDialog, CREDIT_COSTS } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchType } from '../../../api/types';
import { useUndoToast } from '../../../components/undoToast';
import { useDeleteResults } from '../api/deleteResults';
import { useEnrichInfluencers } from '../api/enrichInfluencers';
import { useFindSimilar } from '../api/findSimilar';
import { useGetEmployees } from '../api/getEmployees';
import { useGetPhones } from '../api/getPhones';

export interface ResultRowActionsProps {
  type: SearchType;
  listId: number;
  result: { id: number; name: string };
  /** Which paid enrichment the list type offers (spec §2 toolbars), with its cost per item found. */
  enrichment: { kind: 'phones' | 'employees' | 'enrich'; cost: number } | null;
  onOpen: () => void;
}

/**
 * The actions of one result, on its row (the bulk bar acts on a selection): open its details, enrich it,
 * delete it after a confirmation (undoable from its toast). The API's messages come as toasts.
 */
export function ResultRowActions({ type, listId, result, enrichment, onOpen }: ResultRowActionsProps) {
  const { t } = useTranslation('leadSearch');
  const [confirming, setConfirming] = useState(false);
  const phones = useGetPhones();
  const employees = useGetEmployees();
  const enrich = useEnrichInfluencers();
  const similar = useFindSimilar();
  // People lists (people, group) find people like this one (spec §9 peopleFindSimilar).
  const offersSimilar = type === 'people' || type === 'group';
  const remove = useDeleteResults();
  const showUndo = useUndoToast();
  const selection = { type, id: listId, ids: [result.id] };
  const quiet = (action: Promise<unknown>) => void action.catch(() => undefined);

  const handleSelect = (value: string) => {
    if (value === 'open') onOpen();
    else if (value === 'phones') quiet(phones.mutateAsync(selection));
    else if (value === 'employees') quiet(employees.mutateAsync(selection));
    else if (value === 'enrich') quiet(enrich.mutateAsync(selection));
    else if (value === 'similar') quiet(similar.mutateAsync(selection));
    else if (value === 'delete') setConfirming(true);
  };
  const enrichLabel = enrichment
    ? t(
        enrichment.kind === 'phones'
          ? 'toolbar.getPhones'
          : enrichment.kind === 'employees'
            ? 'toolbar.getEmployees'
            : 'toolbar.enrich',
        { count: enrichment.cost },
      )
    : null;
  return (
    <>
      <Menu.Root onSelect={({ value }) => handleSelect(value)}>
        <Menu.Trigger asChild>
          <Button
            size="xs"
            variant="outline"
            aria-label={t('rowActions.for', { name: result.name })}
            data-testid="row-actions"
          >
            {t('rowActions.button')}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="open">{t('rowActions.open')}</Menu.Item>
              {enrichment && enrichLabel ? <Menu.Item value={enrichment.kind}>{enrichLabel}</Menu.Item> : null}
              {offersSimilar ? (
                <Menu.Item value="similar">
                  {t('rowActions.findSimilar', { count: CREDIT_COSTS.peopleFindSimilar })}
                </Menu.Item>
              ) : null}
              <Menu.Item value="delete" color="red.700">
                {t('toolbar.delete')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirming}
        title={t('rowActions.deleteTitle')}
        body={t('rowActions.deleteBody', { name: result.name })}
        confirmLabel={t('toolbar.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(selection, { onSuccess: showUndo, onSettled: () => setConfirming(false) })}
      />
    </>
  );
}

/** The paid enrichment a list type's rows offer (spec §2 toolbars, §9 costs). */
export function rowEnrichment(type: SearchType): ResultRowActionsProps['enrichment'] {
  if (type === 'people' || type === 'group') return { kind: 'phones', cost: CREDIT_COSTS.peoplePhoneEnrich };
  if (type === 'local' || type === 'company') return { kind: 'employees', cost: CREDIT_COSTS.localEmployeeEnrich };
  if (type === 'domain') return { kind: 'employees', cost: CREDIT_COSTS.domainEmployeeEnrich };
  if (type === 'influencer') return { kind: 'enrich', cost: CREDIT_COSTS.influencerEnrichPerRecord };
  return null;
}
