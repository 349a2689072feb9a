import { Link } from '@chakra-ui/react';
import type { ResourceDefinition } from '@leadsmith/shared/resource';
import { resourceTexts } from '../../../components/resourceTexts';
import { customLinksApi, type CustomLink } from '../api/customLinksApi';

/** whitelabel/custom-links: added and edited in the form above the list. */
export const CUSTOM_LINKS: ResourceDefinition<CustomLink> = {
  ns: 'whitelabel',
  texts: resourceTexts('links'),
  api: () => customLinksApi,
  titleKey: 'routes.customLinks',
  createKey: 'links.addTitle',
  editKey: 'links.editTitle',
  form: 'inline',
  labelField: 'title',
  formColumns: 3,
  fields: [
    { name: 'title', labelKey: 'links.title', kind: 'text', required: true, maxLength: 60 },
    { name: 'url', labelKey: 'links.url', kind: 'url', required: true, maxLength: 2000 },
    { name: 'position', labelKey: 'links.position', kind: 'integer', required: true, initial: '0', min: 0, max: 1000 },
    { name: 'show_in_menu', labelKey: 'links.showInMenu', kind: 'checkbox' },
  ],
  columns: (t) => [
    { key: 'title', header: t('links.title'), render: (l) => l.title },
    {
      key: 'url',
      header: t('links.url'),
      render: (l) => (
        <Link href={l.url} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
          {l.url}
        </Link>
      ),
    },
    { key: 'menu', header: t('links.showInMenu'), render: (l) => t(l.show_in_menu ? 'links.yes' : 'links.no') },
    { key: 'position', header: t('links.position'), end: true, render: (l) => l.position },
  ],
};
