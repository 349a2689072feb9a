import { Button, Flex, Text } from '@chakra-ui/react';
import { ConfirmDeleteButton, CREDIT_COSTS } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchType } from '../../../api/types';
import { useUndoToast } from '../../../components/undoToast';
import { AiActionToggle } from '../../aiAssistant/components/AiActionPanel';
import { useDeleteResults } from '../api/deleteResults';
import { useEnrichInfluencers } from '../api/enrichInfluencers';
import { useGetEmployees } from '../api/getEmployees';
import { useGetPhones } from '../api/getPhones';
import type { SelectionInput } from '../api/selection';
import { useSendToWebhook } from '../api/sendToWebhook';
import { useSetLabels } from '../api/setLabels';
import { EMPLOYEE_COST, offers, type ListAction } from '../listToolbar';
import { CrmSendControl } from './CrmSendControl';
import { LabelsEditor } from './LabelsEditor';

/**
 * The bar shown while results are selected: how many, "select all matching", and the bulk actions of the list's
 * type (enrichment, AI, CRM, webhook, labels, delete). Each action's API message is shown as a toast either way;
 * a finished action clears the selection, except labels (the user may label again) and the AI toggle.
 *
 * `hidden`: drawn but not shown, before the list's first selection (see ListSelection). "Select all matching" is
 * drawn hidden too while it is not offered, for the same reason: its styles are in the document before the click that
 * shows it.
 */
export function SelectionBar({
  type,
  selection,
  count,
  offerAllMatching,
  total,
  onSelectAllMatching,
  onClear,
  hasWebhook,
  showAiToggle,
  aiOpen,
  onToggleAi,
  hidden = false,
}: {
  type: SearchType;
  selection: SelectionInput;
  count: number;
  /** Every row of the page is selected and more rows match than the page holds. */
  offerAllMatching: boolean;
  total: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
  hasWebhook: boolean;
  showAiToggle: boolean;
  aiOpen: boolean;
  onToggleAi: () => void;
  hidden?: boolean;
}) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const has = (action: ListAction) => offers(type, action);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [noWebhook, setNoWebhook] = useState(false);
  const remove = useDeleteResults();
  const phones = useGetPhones();
  const employees = useGetEmployees();
  const enrich = useEnrichInfluencers();
  const labels = useSetLabels();
  const webhook = useSendToWebhook();
  const showUndo = useUndoToast();

  const run = async (action: () => Promise<unknown>, keepSelection = false) => {
    try {
      await action();
      if (!keepSelection) onClear();
    } catch {
      // The API's message is already shown as a toast.
    }
  };
  const sendToWebhook = async () => {
    // Spec §5: a webhook list needs its webhook set up first.
    if (!hasWebhook) {
      setNoWebhook(true);
      return;
    }
    await run(() => webhook.mutateAsync(selection));
  };

  return (
    <Flex
      role="region"
      aria-label={t('selection.label')}
      gap={3}
      align="center"
      wrap="wrap"
      bg="bg.subtle"
      p={3}
      borderRadius="md"
      mb={3}
      hidden={hidden}
    >
      <Text data-testid="selection-count">{t('selection.count', { count })}</Text>
      <Button size="sm" variant="ghost" onClick={onSelectAllMatching} hidden={!offerAllMatching}>
        {t('selection.selectAllMatching', { count: total })}
      </Button>
      {has('getPhones') ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void run(() => phones.mutateAsync(selection))}
          loading={phones.isPending}
        >
          {t('toolbar.getPhones', { count: CREDIT_COSTS.peoplePhoneEnrich })}
        </Button>
      ) : null}
      {has('getEmployees') ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void run(() => employees.mutateAsync(selection))}
          loading={employees.isPending}
        >
          {t('toolbar.getEmployees', { count: EMPLOYEE_COST[type] })}
        </Button>
      ) : null}
      {has('enrich') ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void run(() => enrich.mutateAsync(selection))}
          loading={enrich.isPending}
        >
          {t('toolbar.enrich', { count: CREDIT_COSTS.influencerEnrichPerRecord })}
        </Button>
      ) : null}
      {showAiToggle ? <AiActionToggle open={aiOpen} onToggle={onToggleAi} /> : null}
      {has('crm') ? <CrmSendControl selection={selection} onQueued={onClear} /> : null}
      {has('crm') ? (
        <Button size="sm" variant="outline" onClick={() => void sendToWebhook()} loading={webhook.isPending}>
          {t('toolbar.sendWebhook')}
        </Button>
      ) : null}
      {noWebhook ? (
        <Text role="alert" color="red.700">
          {tc('errors.listHasNoWebhook')}{' '}
          <Link to="webhook">
            <Text as="span" textDecoration="underline">
              {t('routes.listWebhook')}
            </Text>
          </Link>
        </Text>
      ) : null}
      {has('customLabels') ? (
        <LabelsEditor
          pending={labels.isPending}
          onChange={(change) => run(async () => showUndo(await labels.mutateAsync({ ...selection, ...change })), true)}
        />
      ) : null}
      <ConfirmDeleteButton
        asking={confirmDelete}
        onAskingChange={setConfirmDelete}
        label={t('toolbar.delete')}
        question={t('selection.confirmDelete', { count })}
        loading={remove.isPending}
        onConfirm={() => void run(async () => showUndo(await remove.mutateAsync(selection)))}
      />
    </Flex>
  );
}
