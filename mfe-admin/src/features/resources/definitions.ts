import type { AuditEntity } from '../audit/api/listAuditLog';

export type FieldKind = 'text' | 'email' | 'textarea' | 'integer' | 'checkbox' | 'select';

export interface ResourceField {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Text fields: saved as null when left empty. */
  nullable?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  pattern?: { regex: RegExp; messageKey: string };
  /** Select fields: the values, labelled by `<optionsKey>.<value>` in the admin namespace. */
  options?: readonly string[];
  optionsKey?: string;
  /** Shown as a column of the list (rendered by kind). */
  inList?: boolean;
}

/** A simple admin resource: one list, one form, history through the audit log. */
export interface ResourceDefinition {
  /** Path segment in the area and the API: topics → /admin/topics, /api/admin/topics. */
  key: 'topics' | 'partners' | 'ai-prompts' | 'courses' | 'pages';
  /** API path when it is not /api/admin/<key> (scoped resources get their parent id). */
  apiPath?: (scope: string) => string;
  /** Area paths of the list, create and edit screens when they are not /<key>, /<key>/create, /<key>/<id>/edit. */
  paths?: { list: (scope: string) => string; create: (scope: string) => string; edit: (scope: string, id: number) => string };
  /** The label links to this screen (e.g. a course opens its pages). */
  openPath?: (id: number) => string;
  /** Title keys of the create/edit screens or dialogs. */
  createKey?: string;
  editKey?: string;
  /** Screens without create/edit routes edit in a dialog on the list. */
  formInDialog?: boolean;
  /** A select field offered as a list filter. */
  filterField?: string;
  entity: AuditEntity;
  /** Field whose value names a row (buttons, dialog, history). */
  labelField: string;
  fields: ResourceField[];
  /** Extra read-only columns the API returns. */
  extraColumns?: { name: string; kind: 'integer' }[];
}

export const TOPICS: ResourceDefinition = {
  key: 'topics',
  entity: 'topic',
  labelField: 'title',
  fields: [
    { name: 'title', kind: 'text', required: true, maxLength: 150, inList: true },
    { name: 'description', kind: 'textarea', nullable: true, maxLength: 2000 },
    { name: 'position', kind: 'integer', min: 0, max: 10_000, inList: true },
    { name: 'shown', kind: 'checkbox', inList: true },
  ],
};

export const PARTNERS: ResourceDefinition = {
  key: 'partners',
  entity: 'partner',
  labelField: 'name',
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 150, inList: true },
    { name: 'email', kind: 'email', nullable: true, maxLength: 254, inList: true },
    { name: 'company', kind: 'text', nullable: true, maxLength: 150, inList: true },
    { name: 'referral_code', kind: 'text', required: true, maxLength: 60, pattern: { regex: /^[A-Za-z0-9-]*$/, messageKey: 'lettersNumbersHyphens' }, inList: true },
    { name: 'commission_percent', kind: 'integer', min: 0, max: 100, inList: true },
    { name: 'active', kind: 'checkbox', inList: true },
  ],
  extraColumns: [{ name: 'referred_users', kind: 'integer' }],
};

export const PROMPT_TYPES = ['summary', 'first_line', 'subject', 'direct', 'similar', 'competitor', 'supplier', 'custom', 'library'] as const;
export const PROMPT_LIST_TYPES = ['people', 'local', 'company', 'influencer', 'domain', 'intent', 'group'] as const;

export const PROMPTS: ResourceDefinition = {
  key: 'ai-prompts',
  entity: 'prompt',
  labelField: 'title',
  formInDialog: true,
  filterField: 'prompt_type',
  fields: [
    { name: 'title', kind: 'text', required: true, maxLength: 150, inList: true },
    { name: 'prompt_type', kind: 'select', required: true, options: PROMPT_TYPES, optionsKey: 'promptTypes', inList: true },
    { name: 'list_type', kind: 'select', required: true, options: PROMPT_LIST_TYPES, optionsKey: 'listTypes', inList: true },
    { name: 'prompt', kind: 'textarea', required: true, maxLength: 4000, inList: true },
    { name: 'active', kind: 'checkbox', inList: true },
  ],
};

export const COURSES: ResourceDefinition = {
  key: 'courses',
  entity: 'course',
  labelField: 'title',
  formInDialog: true,
  openPath: (id) => `/training-content/${id}`,
  createKey: 'resources.courses.create',
  editKey: 'resources.courses.edit',
  fields: [
    { name: 'title', kind: 'text', required: true, maxLength: 150, inList: true },
    { name: 'description', kind: 'textarea', nullable: true, maxLength: 2000 },
    { name: 'position', kind: 'integer', min: 0, max: 10_000, inList: true },
    { name: 'shown', kind: 'checkbox', inList: true },
  ],
  extraColumns: [{ name: 'pages_count', kind: 'integer' }],
};

export const PAGE_STATUSES = ['draft', 'shown'] as const;

/** Onboarding pages of a course (scope = the course id). */
export const COURSE_PAGES: ResourceDefinition = {
  key: 'pages',
  entity: 'page',
  labelField: 'title',
  apiPath: (course) => `/api/admin/courses/${course}/pages`,
  paths: { list: (course) => `/training-content/${course}`, create: (course) => `/training-content/${course}/create`, edit: (course, id) => `/training-content/${course}/${id}/edit` },
  createKey: 'routes.pageCreate',
  editKey: 'routes.pageEdit',
  filterField: 'status',
  fields: [
    { name: 'title', kind: 'text', required: true, maxLength: 150, inList: true },
    { name: 'status', kind: 'select', required: true, options: PAGE_STATUSES, optionsKey: 'pageStatuses', inList: true },
    { name: 'position', kind: 'integer', min: 0, max: 10_000, inList: true },
    { name: 'content', kind: 'textarea', nullable: true, maxLength: 20_000 },
  ],
};
