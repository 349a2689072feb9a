import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Page, StringEnum, Timestamp, Type, type Static } from '../../http/contract';
import { ApiError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { t, type Language } from '../../i18n/messages';
import { aiProvider, registerEmbeddedTemplate } from '../../providers/ai';
import {
  COMPANY_INDUSTRIES,
  DEPARTMENTS,
  MANAGEMENT_LEVELS,
  PLACE_TYPES,
  SENIORITIES,
} from '../../providers/leads/catalog';
import { say } from '../../routes/respond';
import {
  aiAccountId,
  aiGuard,
  pageQuerySchema,
  profileVariables,
  providerFailure,
  requireCompletedProfile,
  type PageQuery,
  type Paginated,
} from './common';

/** Search types an ICP suggestion can start (the profile-shaped ones). */
export const ICP_SEARCH_TYPES = ['people', 'company', 'local'] as const;
export type IcpSearchType = (typeof ICP_SEARCH_TYPES)[number];

export const IcpSuggestionSchema = Type.Object({
  id: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  search_type: StringEnum(ICP_SEARCH_TYPES),
  location: Type.String(),
  /** Lead-search filter names (job_title, departments, seniority, management_levels, industry, employees_min/max, categories). */
  filters: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Array(Type.String())])),
  provider: Type.String(),
  language: Type.String(),
  created_at: Timestamp(),
});
export type IcpSuggestion = Static<typeof IcpSuggestionSchema>;

const GeneratedSuggestions = Type.Object({
  ...MessageProperties,
  data: Type.Array(IcpSuggestionSchema),
  total: Type.Integer(),
});

type Draft = Omit<IcpSuggestion, 'id' | 'position' | 'provider' | 'language' | 'created_at'>;

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
  const suggestions: Omit<Draft, never>[] = [];

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
export function cleanSuggestions(answer: string): Draft[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { suggestions?: unknown } | null)?.suggestions;
  if (!Array.isArray(list)) return [];
  const out: Draft[] = [];
  for (const item of list as Record<string, unknown>[]) {
    if (!item || typeof item !== 'object') continue;
    const type = item.search_type as IcpSearchType;
    const f = (item.filters ?? {}) as Record<string, unknown>;
    let filters: Draft['filters'];
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

const SUGGESTION_COLUMNS =
  'id, position, title, description, search_type, location, filters, provider, language, created_at';

export function icpRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = aiGuard(api);

  api.get<{ Querystring: PageQuery }>(
    '/api/ai/icp-suggestions',
    {
      ...guard,
      schema: {
        summary: 'Your ideal customer profiles, each a prefilled lead search',
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(IcpSuggestionSchema) },
      },
    },
    async (request): Promise<Paginated<IcpSuggestion>> => {
      const accountId = await aiAccountId(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<IcpSuggestion>(
        `SELECT ${SUGGESTION_COLUMNS} FROM ai_icp_suggestions WHERE user_id = $1 ORDER BY position, id LIMIT $2 OFFSET $3`,
        [accountId, pageSize, (page - 1) * pageSize],
      );
      const total = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM ai_icp_suggestions WHERE user_id = $1',
        [accountId],
      );
      return { data: rows, currentPage: page, pageSize, total: total.rows[0]?.total ?? 0 };
    },
  );

  /** Generates a fresh set (replacing the previous one) from the profile and the last training summary. */
  api.post(
    '/api/ai/icp-suggestions',
    {
      ...guard,
      schema: {
        summary: 'Generate a fresh set of ideal customer profiles from the business profile',
        body: objectSchema({}),
        response: { 201: GeneratedSuggestions },
      },
    },
    async (request, reply) => {
      const accountId = await aiAccountId(db, request);
      const profile = await requireCompletedProfile(db, accountId);
      const training = await db.query<{ summary: string }>(
        `SELECT summary FROM ai_training_runs WHERE user_id = $1 AND status = 'completed' ORDER BY id DESC LIMIT 1`,
        [accountId],
      );
      const provider = aiProvider();
      let drafts: Draft[];
      try {
        const result = await provider.generate({
          task: 'icp_suggestions',
          system: ICP_SYSTEM,
          prompt: ICP_PROMPT,
          variables: {
            ...profileVariables(profile),
            training_summary: training.rows[0]?.summary ?? '',
            departments: DEPARTMENTS.join(', '),
            seniorities: SENIORITIES.join(', '),
            management_levels: MANAGEMENT_LEVELS.join(', '),
            industries: COMPANY_INDUSTRIES.join(', '),
            place_types: PLACE_TYPES.join(', '),
          },
          maxTokens: 1200,
          language: request.lang,
          json: true,
        });
        drafts = cleanSuggestions(result.text);
      } catch (error) {
        throw providerFailure(error);
      }
      if (drafts.length === 0) throw new ApiError(502, 'ai.provider_bad_answer');
      const now = clock.now();
      const rows = await db.transaction(async (tx) => {
        await tx.query('DELETE FROM ai_icp_suggestions WHERE user_id = $1', [accountId]);
        const saved: IcpSuggestion[] = [];
        for (const [i, d] of drafts.entries()) {
          const inserted = await tx.query<IcpSuggestion>(
            `INSERT INTO ai_icp_suggestions (user_id, position, title, description, search_type, location, filters, provider, language, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) RETURNING ${SUGGESTION_COLUMNS}`,
            [
              accountId,
              i + 1,
              d.title,
              d.description,
              d.search_type,
              d.location,
              JSON.stringify(d.filters),
              provider.info.provider,
              request.lang,
              now,
            ],
          );
          saved.push(inserted.rows[0]!);
        }
        return saved;
      });
      reply.code(201);
      return { ...say(request, 'ai.suggestions_generated', { n: rows.length }), data: rows, total: rows.length };
    },
  );
}
