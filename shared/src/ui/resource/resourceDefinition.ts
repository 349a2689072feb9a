import type { TFunction } from 'i18next';
import type { Column } from '@leadsmith/shared';
import type { ResourceApi, ResourceRow } from './resourceApi';

/** A row read by field name (the admin's resources are described only by their definitions). */
export type ResourceItem = ResourceRow & Record<string, unknown>;

/** `richtext`: HTML edited in the shared rich-text field (the editor, its HTML source a click away). */
export type FieldKind =
  'text' | 'email' | 'url' | 'textarea' | 'richtext' | 'integer' | 'checkbox' | 'checkboxes' | 'select';

export interface ResourceField {
  name: string;
  kind: FieldKind;
  /** Label key in the definition's namespace (default `fields.<name>`). */
  labelKey?: string;
  /** Rich-text fields: the label key of the HTML source view (default `fields.<name>Html`). */
  htmlLabelKey?: string;
  /** Label key on the edit form when it says something else there (a secret: "leave empty to keep"). */
  editLabelKey?: string;
  required?: boolean;
  /** Text fields: saved as null when left empty. */
  nullable?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  pattern?: { regex: RegExp; messageKey: string };
  /** Select and checkboxes fields: the values, each labelled by `optionLabelKey(value)`. */
  options?: readonly string[];
  optionLabelKey?: (value: string) => string;
  /** A new item's value (default: empty text, checkboxes on, no choices). */
  initial?: string | boolean;
  /** Never shown back (a secret): the field starts empty when editing too. */
  writeOnly?: boolean;
  placeholder?: string;
  /** Shown as a column of the list (rendered by kind) when the definition has no `columns`. */
  inList?: boolean;
}

/** Keys of the kit's own words, in the definition's namespace (each area says them its way). */
export interface ResourceTexts {
  loadFailed: string;
  actions: string;
  edit: string;
  delete: string;
  /** Accessible names of a row's buttons, with `{{name}}`. */
  editNamed: string;
  deleteNamed: string;
  confirmDeleteTitle: string;
  /** With `{{name}}`. */
  confirmDeleteBody: string;
  yes: string;
  no: string;
  /** Only for a list with a search box or a filter. */
  filters?: string;
  all?: string;
  search?: string;
}

/**
 * A resource the kit draws a list and a form for. `form` says where it is edited: its own create/edit
 * screens (`paths`), a dialog over the list, or a form above the list.
 */
export interface ResourceDefinition<T extends ResourceRow = ResourceItem> {
  /** i18n namespace of every key below. */
  ns: string;
  texts: ResourceTexts;
  /** The resource's API, inside a scope (a parent id) when it has one. */
  api: (scope: string) => ResourceApi<T>;
  pageSize?: number;
  /** Title of the list (and the table's name). */
  titleKey: string;
  /** Titles of the create/edit screen, dialog or form; the create title is also the list's create button. */
  createKey: string;
  editKey: string;
  form: 'page' | 'dialog' | 'inline';
  /** Area paths of the list, create and edit screens (`form: 'page'`). */
  paths?: {
    list: (scope: string) => string;
    create: (scope: string) => string;
    edit: (scope: string, id: number) => string;
  };
  /** The label links to this screen (e.g. a course opens its pages). */
  openPath?: (id: number) => string;
  /** A search box over the list. */
  search?: boolean;
  /** A select field offered as a list filter. */
  filterField?: string;
  /** Rows can be deleted (after a confirmation); default true. */
  deletable?: boolean;
  /** Field whose value names a row (buttons, dialog). */
  labelField: string;
  fields: ResourceField[];
  /** Columns of the form's grid (default 2). */
  formColumns?: number;
  /** The list's columns before the actions, when the fields' own rendering is not enough (links, money, dates). */
  columns?: (t: TFunction, language: string) => Column<T>[];
  /** Extra read-only columns the API returns (with the fields' columns). */
  extraColumns?: { name: string; kind: 'integer' }[];
}

export const fieldLabelKey = (field: ResourceField, editing = false) =>
  (editing && field.editLabelKey) || field.labelKey || `fields.${field.name}`;
