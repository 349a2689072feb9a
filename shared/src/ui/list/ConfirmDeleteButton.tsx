import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteButtonProps {
  /** What is deleted, for the buttons' accessible names ("Delete About us", "Confirm deleting About us"). */
  itemLabel: string;
  onConfirm: () => void;
  loading?: boolean;
}

/**
 * Delete in a row, in two clicks: the first asks in place, the second deletes; Cancel backs out. For rows
 * deleted where they stand; a list that asks in a dialog uses ConfirmDialog.
 */
export function ConfirmDeleteButton({ itemLabel, onConfirm, loading }: ConfirmDeleteButtonProps) {
  const { t } = useTranslation('common');
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button size="sm" variant="outline" colorPalette="red" color="red.700" aria-label={t('actions.deleteItem', { item: itemLabel })} onClick={() => setAsking(true)}>
        {t('actions.delete')}
      </Button>
    );
  }
  return (
    <HStack gap={2}>
      <Button size="sm" colorPalette="red" bg="red.700" loading={loading} aria-label={t('actions.confirmDeleteItem', { item: itemLabel })} onClick={onConfirm}>
        {t('actions.confirmDelete')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
        {t('actions.cancel')}
      </Button>
    </HStack>
  );
}
