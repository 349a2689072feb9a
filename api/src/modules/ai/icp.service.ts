/**
 * Ideal customer profiles: the embedded engine's suggestions, the check of any engine's answer against the
 * lead-search catalogue, and a fresh set generated from the business profile (replacing the previous one).
 */
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';
import { t, type Language } from '../../i18n/messages';
import { aiProvider, registerEmbeddedTemplate } from '../../providers/ai';
import {
  COMPANY_INDUSTRIES,
  DEPARTMENTS,
  MANAGEMENT_LEVELS,
  PLACE_TYPES,
  SENIORITIES,
} from '../../providers/leads/catalog';
import { profileVariables, providerFailure, requireCompletedProfile } from './common';
import { replaceSuggestions } from './icp.repository';
import type { IcpDraft, IcpSearchType, IcpSuggestion } from './icp.schemas';
import { lastCompletedSummary } from './training.repository';

export const MAX_SUGGESTIONS = 6;

// ---------------------------------------------------------------------------------------------
// Embedded engine: ICP suggestions from keyword rules over the business profile (deterministic).
// ---------------------------------------------------------------------------------------------

const DEPARTMENT_RULES: [RegExp, (typeof DEPARTMENTS)[number], string][] = [
  [/\b(seo|marketing|advertis|ads\b|social media|campaign|brand awareness|content)/, 'Marketing', 'Marketing Manager'],
  [/\b(crm|sales|lead gen|leads|prospect)/, 'Sales', 'Head of Sales'],
  [
    /\b(software|saas|cloud|cyber|security|hosting|it support|devops|app development)/,
    'Information Technology',
    'IT Director',
  ],
  [/\b(accounting|bookkeep|payroll|tax|invoice|finance|financial)/, 'Finance', 'Finance Director'],
  [/\b(recruit|hiring|staffing|hr\b|human resources|talent)/, 'Human Resources', 'HR Manager'],
  [/\b(legal|law|compliance|contract)/, 'Legal', 'General Counsel'],
  [/\b(design|branding|logo|ux|ui\b|web design)/, 'Design', 'Creative Director'],
  [/\b(logistic|supply chain|warehouse|fleet|operations)/, 'Operations', 'Operations Manager'],
  [/\b(customer support|customer service|helpdesk|customer success)/, 'Customer Success', 'Head of Customer Success'],
];

const INDUSTRY_RULES: [RegExp, (typeof COMPANY_INDUSTRIES)[number]][] = [
  [/\b(dent|clinic|health|medical|doctor|hospital|pharma|physio|care home|veterin)/, 'Healthcare'],
  [/\b(restaurant|hotel|cafe|café|bar\b|hospitality|catering|tourism|travel)/, 'Hospitality'],
  [/\b(real estate|realtor|property|properties|broker)/, 'Real Estate'],
  [/\b(law firm|lawyer|attorney|legal)/, 'Legal Services'],
  [/\b(school|education|universit|academy|training provider|tutor)/, 'Education'],
  [/\b(retail|shop|store|e-?commerce|boutique)/, 'Retail'],
  [/\b(construction|builder|contractor|roofing|plumb|electrician|hvac)/, 'Construction'],
  [/\b(manufactur|factory|industrial)/, 'Manufacturing'],
  [/\b(bank|insurance|fintech|invest|accounting firm|financial)/, 'Financial Services'],
  [/\b(logistic|shipping|freight|transport)/, 'Logistics'],
  [/\b(software|saas|tech startup|technology compan)/, 'Software'],
  [/\b(agenc|marketing|advertis)/, 'Marketing & Advertising'],
  [/\b(telecom|isp\b|mobile operator)/, 'Telecommunications'],
  [/\b(energy|solar|utility|utilities|oil|gas\b)/, 'Energy'],
  [/\b(media|publisher|news|broadcast|film)/, 'Media'],
  [/\b(consult)/, 'Consulting'],
];

/** Local categories that fit an industry when the audience names none directly. */
const INDUSTRY_PLACES: Partial<Record<(typeof COMPANY_INDUSTRIES)[number], (typeof PLACE_TYPES)[number][]>> = {
  Healthcare: ['Dentist', 'Medical Clinic', 'Doctor'],
  Hospitality: ['Restaurant', 'Hotel', 'Cafe'],
  'Real Estate': ['Real Estate Agency'],
  'Legal Services': ['Law Firm'],
  Education: ['School'],
  Retail: ['Clothing Store', 'Shoe Store', 'Jewelry Store'],
  Construction: ['Roofing Contractor', 'Plumber', 'Electrician'],
  'Financial Services': ['Insurance Agency', 'Accounting'],
  'Marketing & Advertising': ['Marketing Agency'],
};

const plural = (word: string) => (word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`);

/** Place types named in the text (singular or plural), most specific first, at most 3. */
function placesIn(text: string): (typeof PLACE_TYPES)[number][] {
  const found = PLACE_TYPES.filter((place) => {
    const name = place.toLowerCase();
    return new RegExp(
      `\\b(${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${plural(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\b`,
    ).test(text);
  });
  return found.sort((a, b) => b.length - a.length).slice(0, 3);
}

function employeeRange(text: string): [number, number] {
  if (/\b(enterprise|large compan|corporat|multinational|fortune)/.test(text)) return [500, 10000];
  if (/\b(small|local|smb|sme|startup|start-up|independent|freelanc|family)/.test(text)) return [1, 50];
  return [10, 200];
}

/** Deterministic ICP suggestions from the profile variables; the same JSON shape a real model is asked for. */
export function embeddedIcp(v: Readonly<Record<string, string>>, lang: Language): string {
  const audience = (v.target_audience ?? '').toLowerCase();
  const offer = `${v.products_services ?? ''} ${v.description ?? ''} ${v.industry ?? ''}`.toLowerCase();
  const everything = `${audience} ${offer} ${v.unique_selling_points ?? ''}`.toLowerCase();
  const [, department, role] = DEPARTMENT_RULES.find(([re]) => re.test(offer)) ?? [null, 'Executive', 'Owner'];
  const industry =
    INDUSTRY_RULES.find(([re]) => re.test(audience))?.[1] ??
    INDUSTRY_RULES.find(([re]) => re.test(everything))?.[1] ??
    'Consulting';
  const [min, max] = employeeRange(audience || everything);
  const location = (v.location ?? '').trim();
  const vars = {
    products_services: (v.products_services ?? '').trim(),
    target_audience: (v.target_audience ?? '').trim(),
  };
  const suggestions: Omit<IcpDraft, never>[] = [];

  suggestions.push({
    title: t(lang, 'ai.icp.people_title', { role, industry }),
    description: t(lang, 'ai.icp.people_reason', { ...vars, department }),
    search_type: 'people',
    location,
    filters: {
      job_title: role,
      departments: [department],
      seniority: department === 'Executive' ? ['Founder/Owner', 'C-Level'] : ['Director', 'Manager', 'Head'],
    },
  });
  suggestions.push({
    title: t(lang, 'ai.icp.company_title', { industry, min, max }),
    description: t(lang, 'ai.icp.company_reason', vars),
    search_type: 'company',
    location,
    filters: { industry, employees_min: min, employees_max: max },
  });
  const places = placesIn(audience).length ? placesIn(audience) : (INDUSTRY_PLACES[industry] ?? []);
  if (places.length) {
    suggestions.push({
      title: t(lang, 'ai.icp.local_title', { categories: places.join(', ') }),
      description: t(lang, 'ai.icp.local_reason', {
        ...vars,
        where: location ? t(lang, 'ai.icp.in_location', { location }) : '',
      }),
      search_type: 'local',
      location,
      filters: { categories: places },
    });
  }
  if (department !== 'Executive' || max <= 50) {
    suggestions.push({
      title: t(lang, 'ai.icp.owner_title', { industry }),
      description: t(lang, 'ai.icp.owner_reason', vars),
      search_type: 'people',
      location,
      filters: { job_title: 'Owner', seniority: ['Founder/Owner'], management_levels: ['Owner'] },
    });
  }
  return JSON.stringify({ suggestions });
}

registerEmbeddedTemplate('icp_suggestions', (v, lang) => embeddedIcp(v, lang));

// ---------------------------------------------------------------------------------------------
// Any engine's answer is checked against the lead-search catalogue before it is stored.
// ---------------------------------------------------------------------------------------------

const str = (x: unknown, max: number): string => (typeof x === 'string' ? x.trim().slice(0, max) : '');
const subset = <T extends string>(x: unknown, allowed: readonly T[]): T[] =>
  Array.isArray(x)
    ? [...new Set(x.filter((i): i is T => typeof i === 'string' && (allowed as readonly string[]).includes(i)))]
    : [];
const count = (x: unknown): number | undefined =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 1_000_000_000 ? x : undefined;

/** Keeps the suggestions a lead search can run: known type, catalogue values only, at least one filter. */
export function cleanSuggestions(answer: string): IcpDraft[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { suggestions?: unknown } | null)?.suggestions;
  if (!Array.isArray(list)) return [];
  const out: IcpDraft[] = [];
  for (const item of list as Record<string, unknown>[]) {
    if (!item || typeof item !== 'object') continue;
    const type = item.search_type as IcpSearchType;
    const f = (item.filters ?? {}) as Record<string, unknown>;
    let filters: IcpDraft['filters'];
    if (type === 'people') {
      const jobTitle = str(f.job_title, 100);
      filters = {
        ...(jobTitle ? { job_title: jobTitle } : {}),
        departments: subset(f.departments, DEPARTMENTS),
        seniority: subset(f.seniority, SENIORITIES),
        management_levels: subset(f.management_levels, MANAGEMENT_LEVELS),
      };
    } else if (type === 'company') {
      const industry = COMPANY_INDUSTRIES.find((i) => i === f.industry);
      let [min, max] = [count(f.employees_min), count(f.employees_max)];
      if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
      filters = {
        ...(industry ? { industry } : {}),
        ...(min !== undefined ? { employees_min: min } : {}),
        ...(max !== undefined ? { employees_max: max } : {}),
      };
    } else if (type === 'local') {
      filters = { categories: subset(f.categories, PLACE_TYPES).slice(0, 10) };
    } else continue;
    filters = Object.fromEntries(
      Object.entries(filters).filter(([, value]) =>
        Array.isArray(value) ? value.length > 0 : value !== '' && value !== undefined,
      ),
    );
    const title = str(item.title, 200);
    if (!title || Object.keys(filters).length === 0) continue;
    out.push({
      title,
      description: str(item.description, 1000),
      search_type: type,
      location: str(item.location, 200),
      filters,
    });
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

const ICP_SYSTEM = `You are a B2B sales strategist. From the business profile, suggest 3 to ${MAX_SUGGESTIONS} ideal customer profiles, each as a lead search.
Answer {"suggestions":[{"title","description","search_type","location","filters"}]}.
search_type is one of people, company, local.
people filters: job_title (text), departments (subset of {departments}), seniority (subset of {seniorities}), management_levels (subset of {management_levels}).
company filters: industry (one of {industries}), employees_min, employees_max (integers).
local filters: categories (subset of {place_types}).
location: a city, region or country from the profile, or "".`;

const ICP_PROMPT = `Business: {business_name} ({industry})
Website: {website}
What it does: {description}
Products and services: {products_services}
Target audience: {target_audience}
Unique selling points: {unique_selling_points}
Location: {location}
What the assistant was trained on: {training_summary}`;

/**
 * A fresh set of suggestions from the completed business profile (422 `ai.profile_incomplete`) and the last
 * training summary, checked against the catalogue and stored in place of the previous set. A provider failure
 * answers 502/503/504 (`ai.provider_*`), an answer with no usable suggestion 502 `ai.provider_bad_answer`.
 */
export async function generateSuggestions(
  db: Db,
  clock: Clock,
  { accountId, language }: { accountId: number; language: Language },
): Promise<IcpSuggestion[]> {
  const profile = await requireCompletedProfile(db, accountId);
  const trainingSummary = await lastCompletedSummary(db, accountId);
  const provider = aiProvider();
  let drafts: IcpDraft[];
  try {
    const result = await provider.generate({
      task: 'icp_suggestions',
      system: ICP_SYSTEM,
      prompt: ICP_PROMPT,
      variables: {
        ...profileVariables(profile),
        training_summary: trainingSummary ?? '',
        departments: DEPARTMENTS.join(', '),
        seniorities: SENIORITIES.join(', '),
        management_levels: MANAGEMENT_LEVELS.join(', '),
        industries: COMPANY_INDUSTRIES.join(', '),
        place_types: PLACE_TYPES.join(', '),
      },
      maxTokens: 1200,
      language,
      json: true,
    });
    drafts = cleanSuggestions(result.text);
  } catch (error) {
    throw providerFailure(error);
  }
  if (drafts.length === 0) throw new ApiError(502, 'ai.provider_bad_answer');
  const now = clock.now();
  return db.transaction((tx) =>
    replaceSuggestions(tx, accountId, drafts, { provider: provider.info.provider, language, now }),
  );
}
