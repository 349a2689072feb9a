/**
 * The AI assistant's built-in prompts (spec §3 fine-tune prompts, by prompt type and list type) and
 * the variables a prompt can use. A super admin's active default prompt (admin → AI assistant) for a
 * prompt type and list type replaces the built-in one; every other pair uses the text below. The types, list types
 * and lengths are also those of the super admin's prompts (admin/prompts.routes.ts).
 */

import { STANDARD_PROMPT_TYPES, type PromptListType } from '@leadsmith/shared/constants';

export {
  AI_ACTION_LIST_TYPES,
  PROMPT_LIST_TYPES,
  PROMPT_MAX_LENGTH,
  PROMPT_TITLE_MAX_LENGTH,
  PROMPT_TYPES,
  STANDARD_PROMPT_TYPES,
  type PromptListType,
  type PromptType,
} from '@leadsmith/shared/constants';

const PERSON_TYPES: readonly PromptListType[] = ['people', 'group'];
export const isPersonList = (listType: string): boolean => PERSON_TYPES.includes(listType as PromptListType);

/** Variables from the result a prompt can use, by list type (`{name}` placeholders). */
export function resultVariableNames(listType: string): string[] {
  if (isPersonList(listType))
    return ['first_name', 'last_name', 'name', 'job_title', 'position', 'company', 'website', 'city', 'email', 'phone'];
  if (listType === 'influencer') return ['name', 'website', 'city', 'email', 'phone', 'followers'];
  return ['name', 'company', 'website', 'city', 'email', 'phone'];
}

/** Variables from the business profile a prompt can use. */
export const BUSINESS_VARIABLE_NAMES = [
  'business_name',
  'business_website',
  'business_industry',
  'business_description',
  'target_audience',
  'products_services',
  'unique_selling_points',
  'business_location',
] as const;

/** A built-in default: a short title and the prompt. */
export interface DefaultPrompt {
  title: string;
  prompt: string;
}

const PERSON_DEFAULTS: Record<(typeof STANDARD_PROMPT_TYPES)[number], DefaultPrompt> = {
  summary: {
    title: 'Lead summary',
    prompt:
      'Summarise in two sentences who {name} ({job_title} at {company}) is and why they could need {products_services} from {business_name}.',
  },
  first_line: {
    title: 'Personal first line',
    prompt:
      'Write a friendly, personal first line of a cold email to {first_name}, {job_title} at {company}, from {business_name}. One sentence, no greeting.',
  },
  subject: {
    title: 'Email subject',
    prompt: 'Write a short email subject (under 8 words) for {first_name} at {company} about {products_services}.',
  },
  direct: {
    title: 'Direct pitch',
    prompt:
      'Write a short, direct email to {first_name} ({job_title} at {company}) offering {products_services}. Mention: {unique_selling_points}. End with one clear question.',
  },
  similar: {
    title: 'Similar companies',
    prompt: 'Name the kind of companies similar to {company} that {business_name} could also approach, and why.',
  },
  competitor: {
    title: 'Competitor angle',
    prompt: 'Explain in two sentences how {business_name} helps {company} stay ahead of its competitors.',
  },
  supplier: {
    title: 'Supplier angle',
    prompt: 'Explain in two sentences why {company} would choose {business_name} as a supplier of {products_services}.',
  },
  custom: {
    title: 'Custom prompt',
    prompt: 'Write one sentence {business_name} could say to {first_name} at {company}.',
  },
};

const BUSINESS_DEFAULTS: Record<(typeof STANDARD_PROMPT_TYPES)[number], DefaultPrompt> = {
  summary: {
    title: 'Business summary',
    prompt:
      'Summarise in two sentences what {name} in {city} does and why it could need {products_services} from {business_name}.',
  },
  first_line: {
    title: 'Personal first line',
    prompt:
      'Write a friendly first line of a cold email to the team at {name} ({website}) from {business_name}. One sentence, no greeting.',
  },
  subject: {
    title: 'Email subject',
    prompt: 'Write a short email subject (under 8 words) for {name} in {city} about {products_services}.',
  },
  direct: {
    title: 'Direct pitch',
    prompt:
      'Write a short, direct email to {name} offering {products_services}. Mention: {unique_selling_points}. End with one clear question.',
  },
  similar: {
    title: 'Similar businesses',
    prompt:
      'Name the kind of businesses similar to {name} in {city} that {business_name} could also approach, and why.',
  },
  competitor: {
    title: 'Competitor angle',
    prompt: 'Explain in two sentences how {business_name} helps {name} stay ahead of its local competitors.',
  },
  supplier: {
    title: 'Supplier angle',
    prompt: 'Explain in two sentences why {name} would choose {business_name} as a supplier of {products_services}.',
  },
  custom: { title: 'Custom prompt', prompt: 'Write one sentence {business_name} could say to {name}.' },
};

/** The built-in default of a standard prompt type for a list type. */
export function builtInDefault(listType: string, promptType: string): DefaultPrompt {
  const table = isPersonList(listType) ? PERSON_DEFAULTS : BUSINESS_DEFAULTS;
  return table[promptType as keyof typeof table] ?? table.custom;
}

/** The prompt library seeded with the schema (leadSearch_301): [title, list_type, description, prompt]. */
export const LIBRARY_SEED: readonly [string, PromptListType, string, string][] = [
  [
    'Congratulate on the role',
    'people',
    'An opener that congratulates the lead on their position.',
    'Write one warm sentence congratulating {first_name} on their work as {job_title} at {company}, leading into how {business_name} helps with {products_services}.',
  ],
  [
    'Pain point question',
    'people',
    'Asks about a likely problem of the lead.',
    'Ask {first_name} one short question about a problem a {job_title} at {company} likely has that {products_services} solves.',
  ],
  [
    'LinkedIn connection note',
    'people',
    'A short note for a connection request.',
    'Write a LinkedIn connection note (under 300 characters) from {business_name} to {first_name} at {company}.',
  ],
  [
    'Follow-up email',
    'people',
    'A polite follow-up after no answer.',
    'Write a polite three-sentence follow-up email to {first_name} at {company} after no answer, repeating the value of {products_services}.',
  ],
  [
    'Local review compliment',
    'local',
    'Opens with a compliment to a local business.',
    'Write one sentence complimenting {name} in {city} and linking it to how {business_name} helps local businesses.',
  ],
  [
    'Neighbourhood offer',
    'local',
    'An offer for businesses in the same area.',
    'Write a short offer from {business_name} to {name} in {city} for {products_services}, mentioning {unique_selling_points}.',
  ],
  [
    'Website improvement idea',
    'company',
    'Suggests one improvement to the company website.',
    'Suggest one improvement for the website {website} of {company} that {business_name} could help with.',
  ],
  [
    'Partnership idea',
    'company',
    'Suggests a partnership.',
    'Suggest a partnership idea between {business_name} and {company} in one paragraph.',
  ],
  [
    'Thanks for visiting',
    'intent',
    'For companies that visited your site.',
    'Write a friendly two-sentence note to {name}, who visited the {business_name} website, offering help with {products_services}.',
  ],
];
