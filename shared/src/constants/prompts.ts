/** Spec §3 fine-tune prompt types (AI assistant). `library`: a copy of a prompt of the admin's library. */
export const PROMPT_TYPES = [
  'summary',
  'first_line',
  'subject',
  'direct',
  'similar',
  'competitor',
  'supplier',
  'custom',
  'library',
] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** The prompt types every user has one standard prompt of per list type, and an autopilot may run. */
export const STANDARD_PROMPT_TYPES = [
  'summary',
  'first_line',
  'subject',
  'direct',
  'similar',
  'competitor',
  'supplier',
  'custom',
] as const satisfies readonly PromptType[];
export type StandardPromptType = (typeof STANDARD_PROMPT_TYPES)[number];

/** List types a prompt belongs to (spec §3 list types). */
export const PROMPT_LIST_TYPES = ['people', 'local', 'company', 'influencer', 'domain', 'intent', 'group'] as const;
export type PromptListType = (typeof PROMPT_LIST_TYPES)[number];

/**
 * List types whose toolbar has the 'ai' action (spec §2: people, local, company, intent; influencer is
 * "as local but enrich instead of get-employees", so it has it too; group lists hold people, ADR 005).
 */
export const AI_ACTION_LIST_TYPES = [
  'people',
  'local',
  'company',
  'influencer',
  'intent',
  'group',
] as const satisfies readonly PromptListType[];
export type AiActionListType = (typeof AI_ACTION_LIST_TYPES)[number];

/** Longest prompt text and title (a user's prompt and a super admin's default or library prompt alike). */
export const PROMPT_MAX_LENGTH = 4000;
export const PROMPT_TITLE_MAX_LENGTH = 150;

/** Most prompts one AI action runs, and most rows it runs them on. */
export const AI_MAX_PROMPTS = 5;
export const AI_MAX_ROWS = 1000;
