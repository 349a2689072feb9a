import { PROMPT_LIST_TYPES, PROMPT_TYPES } from '@leadsmith/shared';
import {
  restResource,
  type ResourceDefinition,
  type ResourceField,
  type ResourceTexts,
} from '@leadsmith/shared/resource';
import { auditKeys } from '../audit/api/listAuditLog';

/** The kit's words as the admin area says them (admin namespace). */
const ADMIN_TEXTS: ResourceTexts = {
  loadFailed: 'kit.loadFailed',
  actions: 'users.actions',
  edit: 'users.edit',
  delete: 'users.delete',
  editNamed: 'plans.editNamed',
  deleteNamed: 'plans.deleteNamed',
  confirmDeleteTitle: 'kit.confirmDeleteTitle',
  confirmDeleteBody: 'kit.confirmDeleteBody',
  yes: 'kit.yes',
  no: 'kit.no',
  filters: 'kit.filters',
  all: 'kit.all',
  search: 'kit.search',
};

interface AdminResource {
  /** Path segment in the area and the API: topics → /admin/topics, /api/admin/topics. */
  key: 'topics' | 'partners' | 'ai-prompts' | 'courses' | 'pages';
  /** API path when it is not /api/admin/<key> (scoped resources get their parent id). */
  apiPath?: (scope: string) => string;
  /** Area paths when they are not /<key>, /<key>/create, /<key>/<id>/edit. */
  paths?: ResourceDefinition['paths'];
  openPath?: (id: number) => string;
  createKey?: string;
  editKey?: string;
  /** Resources without create/edit routes edit in a dialog on the list. */
  formInDialog?: boolean;
  filterField?: string;
  labelField: string;
  fields: ResourceField[];
  extraColumns?: { name: string; kind: 'integer' }[];
}

/** An admin resource for the shared kit: admin API paths, admin words, every change recorded in the audit log. */
function adminResource({
  key,
  apiPath,
  paths,
  createKey,
  editKey,
  formInDialog,
  ...rest
}: AdminResource): ResourceDefinition {
  const singular = key.replace(/s$/, '');
  return {
    ...rest,
    ns: 'admin',
    texts: ADMIN_TEXTS,
    api: (scope) => {
      const base = apiPath ? apiPath(scope) : `/api/admin/${key}`;
      // A change is in the audit log, and can change another resource's list (a course counts its pages).
      return restResource({
        base,
        key: ['admin', 'resource', base],
        envelope: 'item',
        invalidates: [['admin', 'resource'], auditKeys.all],
      });
    },
    titleKey: `routes.${key}`,
    createKey: createKey ?? (formInDialog ? `resources.${key}.create` : `routes.${singular}Create`),
    editKey: editKey ?? (formInDialog ? `resources.${key}.edit` : `routes.${singular}Edit`),
    form: formInDialog ? 'dialog' : 'page',
    paths: paths ?? {
      list: () => `/${key}`,
      create: () => `/${key}/create`,
      edit: (_scope, id) => `/${key}/${id}/edit`,
    },
    search: true,
  };
}

export const TOPICS = adminResource({
  key: 'topics',
  labelField: 'title',
  fields: [
    { name: 'title', kind: 'text', required: true, maxLength: 150, inList: true },
    { name: 'description', kind: 'textarea', nullable: true, maxLength: 2000 },
    { name: 'position', kind: 'integer', min: 0, max: 10_000, inList: true },
    { name: 'shown', kind: 'checkbox', inList: true },
  ],
});

export const PARTNERS = adminResource({
  key: 'partners',
  labelField: 'name',
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 150, inList: true },
    { name: 'email', kind: 'email', nullable: true, maxLength: 254, inList: true },
    { name: 'company', kind: 'text', nullable: true, maxLength: 150, inList: true },
    {
      name: 'referral_code',
      kind: 'text',
      required: true,
      maxLength: 60,
      pattern: { regex: /^[A-Za-z0-9-]*$/, messageKey: 'lettersNumbersHyphens' },
      inList: true,
    },
    { name: 'commission_percent', kind: 'integer', min: 0, max: 100, inList: true },
    { name: 'active', kind: 'checkbox', inList: true },
  ],
  extraColumns: [{ name: 'referred_users', kind: 'integer' }],
});

export { PROMPT_LIST_TYPES, PROMPT_TYPES };

export const PROMPTS = adminResource({
  key: 'ai-prompts',
  labelField: 'title',
  formInDialog: true,
  filterField: 'prompt_type',
  fields: [
    { name: 'title', kind: 'text', required: true, maxLength: 150, inList: true },
    {
      name: 'prompt_type',
      kind: 'select',
      required: true,
      options: PROMPT_TYPES,
      optionLabelKey: (o) => `promptTypes.${o}`,
      inList: true,
    },
    {
      name: 'list_type',
      kind: 'select',
      required: true,
      options: PROMPT_LIST_TYPES,
      optionLabelKey: (o) => `listTypes.${o}`,
      inList: true,
    },
    { name: 'prompt', kind: 'textarea', required: true, maxLength: 4000, inList: true },
    { name: 'active', kind: 'checkbox', inList: true },
  ],
});

export const COURSES = adminResource({
  key: 'courses',
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
});

export const PAGE_STATUSES = ['draft', 'shown'] as const;

/** Onboarding pages of a course (scope = the course id). */
export const COURSE_PAGES = adminResource({
  key: 'pages',
  labelField: 'title',
  apiPath: (course) => `/api/admin/courses/${course}/pages`,
  paths: {
    list: (course) => `/training-content/${course}`,
    create: (course) => `/training-content/${course}/create`,
    edit: (course, id) => `/training-content/${course}/${id}/edit`,
  },
  createKey: 'routes.pageCreate',
  editKey: 'routes.pageEdit',
  filterField: 'status',
  fields: [
    { name: 'title', kind: 'text', required: true, maxLength: 150, inList: true },
    {
      name: 'status',
      kind: 'select',
      required: true,
      options: PAGE_STATUSES,
      optionLabelKey: (o) => `pageStatuses.${o}`,
      inList: true,
    },
    { name: 'position', kind: 'integer', min: 0, max: 10_000, inList: true },
    // HTML in the shared rich-text field (ADR 045); users read it rebuilt by the server's allowlist sanitiser.
    { name: 'content', kind: 'richtext', nullable: true, maxLength: 20_000 },
  ],
});
