import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteButtonProps {
  /**
   * What is deleted, for the buttons' accessible names ("Delete About us", "Confirm deleting About us"). Without it
   * (a selection bar's Delete, whose question names the selection) the buttons are named by their text.
   */
  itemLabel?: string;
  /** The first button's text; "Delete" by default. */
  label?: string;
  /** Asked beside the confirm button ("Delete 3 results?"). */
  question?: string;
  /**
   * Whether it is asking, when the caller holds that state (a selection bar puts the question away when its
   * selection changes); with onAskingChange. Otherwise the button keeps it.
   */
  asking?: boolean;
  onAskingChange?: (asking: boolean) => void;
  onConfirm: () => void;
  loading?: boolean;
}

/**
 * Delete in two clicks: the first asks in place, the second deletes; Cancel backs out. For rows deleted where they
 * stand and a selection bar's Delete; a list that asks in a dialog uses ConfirmDialog.
 */
export function ConfirmDeleteButton({
  itemLabel,
  label,
  question,
  asking,
  onAskingChange,
  onConfirm,
  loading,
}: ConfirmDeleteButtonProps) {
  const { t } = useTranslation('common');
  const [askingHere, setAskingHere] = useState(false);
  const isAsking = asking ?? askingHere;
  const ask = (next: boolean) => {
    if (asking === undefined) setAskingHere(next);
    onAskingChange?.(next);
  };
  if (!isAsking) {
    return (
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        color="red.700"
        aria-label={itemLabel ? t('actions.deleteItem', { item: itemLabel }) : undefined}
        onClick={() => ask(true)}
      >
        {label ?? t('actions.delete')}
      </Button>
    );
  }
  return (
    <HStack gap={2}>
      {question ? <Text fontWeight="semibold">{question}</Text> : null}
      <Button
        size="sm"
        colorPalette="red"
        bg="red.700"
        loading={loading}
        aria-label={itemLabel ? t('actions.confirmDeleteItem', { item: itemLabel }) : undefined}
        onClick={onConfirm}
      >
        {t('actions.confirmDelete')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => ask(false)}>
        {t('actions.cancel')}
      </Button>
    </HStack>
  );
}
