import type { ResourceTexts } from '@leadsmith/shared/resource';

/** The list kit's words as the white-label area says them; each resource names its rows' buttons and its delete question. */
export const resourceTexts = (resource: string): ResourceTexts => ({
  loadFailed: 'kit.loadFailed',
  actions: 'kit.actions',
  edit: 'kit.edit',
  delete: 'kit.delete',
  editNamed: `${resource}.editNamed`,
  deleteNamed: `${resource}.deleteNamed`,
  confirmDeleteTitle: `${resource}.deleteTitle`,
  confirmDeleteBody: `${resource}.deleteBody`,
  yes: 'links.yes',
  no: 'links.no',
  filters: 'kit.filters',
  all: 'kit.all',
});
