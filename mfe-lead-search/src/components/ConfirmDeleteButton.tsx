import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A selection bar's Delete: a red button that, once clicked, turns into the question with Confirm and Cancel in its
 * place. Whether the question shows is the caller's state, so the caller also puts it away when its selection changes.
 */
export function ConfirmDeleteButton({
  confirming,
  onConfirming,
  label,
  question,
  pending,
  onConfirm,
}: {
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  label: string;
  question: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('leadSearch');
  if (!confirming) {
    return (
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => onConfirming(true)}>
        {label}
      </Button>
    );
  }
  return (
    <>
      <Text fontWeight="semibold">{question}</Text>
      <Button size="sm" colorPalette="red" loading={pending} onClick={onConfirm}>
        {t('selection.confirm')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onConfirming(false)}>
        {t('selection.cancel')}
      </Button>
    </>
  );
}
