import { Text } from '@chakra-ui/react';
import { ResourceListPage } from '@leadsmith/shared/resource';
import { useTranslation } from 'react-i18next';
import { CUSTOM_LINKS } from './customLinkResource';

/** whitelabel/custom-links: links added to the side menu of the reseller's customers. */
export function CustomLinksPage() {
  const { t } = useTranslation('whitelabel');
  return <ResourceListPage def={CUSTOM_LINKS} intro={<Text mb={4}>{t('links.intro')}</Text>} />;
}
