import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A phone reveal the source answers later (Apollo's mobile numbers arrive by webhook): the API marks the result `data.phone_reveal = 'pending'`. */
export const phoneOnItsWay = (data: Readonly<Record<string, unknown>>): boolean => data.phone_reveal === 'pending';

/** A result's phone; "Phone on its way" while a requested number has not arrived yet; `empty` otherwise. */
export function PhoneValue({
  phone,
  data,
  empty = '',
}: {
  phone: string | null;
  data: Readonly<Record<string, unknown>>;
  empty?: string;
}) {
  const { t } = useTranslation('leadSearch');
  if (phone) return <>{phone}</>;
  if (phoneOnItsWay(data))
    return (
      <Text as="span" fontSize="sm" color="fg.muted" title={t('phoneReveal.hint')} data-testid="phone-pending">
        {t('phoneReveal.pending')}
      </Text>
    );
  return <>{empty}</>;
}
