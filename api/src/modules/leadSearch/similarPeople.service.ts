import { SENIORITIES, type LeadProvider, type LeadRecord } from '../../providers/leads';

/** How many similar people one result gets at most (each billable one costs spec §9 peopleFindSimilar). */
export const SIMILAR_PEOPLE_MAX = 5;
/** How many similar companies the people are looked for at. */
const SIMILAR_COMPANIES_MAX = 10;

/** The person a "find similar" starts from: what a people result holds. */
export interface SimilarSeed {
  name: string;
  company: string | null;
  job_title: string | null;
  seniority: string | null;
  department: string | null;
  country: string | null;
  /** The company's industry (`category`) and size, when the source said. */
  industry: string | null;
  employee_count: number | null;
}

/** One similar person, as kept on the result (data.similar). */
export interface SimilarPerson {
  name: string;
  job_title: string | null;
  seniority: string | null;
  company: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  linkedin_url: string | null;
}

/** The sources a look-up uses: people (and group) search, and company search to find similar companies. */
export interface SimilarSources {
  people: LeadProvider;
  group: LeadProvider;
  company: LeadProvider;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

async function take(
  records: AsyncIterable<LeadRecord>,
  n: number,
  keep: (r: LeadRecord) => boolean,
): Promise<LeadRecord[]> {
  const out: LeadRecord[] = [];
  // Sources page ahead; stop after a bounded number so a source of look-alikes of oneself cannot run on.
  let seen = 0;
  for await (const record of records) {
    seen += 1;
    if (keep(record)) out.push(record);
    if (out.length >= n || seen >= n * 4) break;
  }
  return out;
}

/**
 * People like `seed`: the same role (job title, else department) and seniority, at similar companies —
 * companies of the same industry and size (half to twice its employees) found by the company source —
 * or, when the company is not known well enough or the company source is generated data, at any other
 * company in the same country. Never the person itself nor its own company's people.
 */
export async function similarPeople(seed: SimilarSeed, sources: SimilarSources): Promise<SimilarPerson[]> {
  const role: Record<string, unknown> = {};
  if (seed.job_title?.trim()) role.job_title = seed.job_title.trim();
  else if (seed.department?.trim()) role.job_title = seed.department.trim();
  // Only the spec's seniority names are filters; a source's own word (Apollo's "vp") goes with the title.
  if (seed.seniority && (SENIORITIES as readonly string[]).includes(seed.seniority)) role.seniority = [seed.seniority];
  if (!role.job_title && !role.seniority) return [];
  const location = seed.country?.trim() ?? '';
  const other = (r: LeadRecord) => !same(r.company, seed.company) && !same(r.name, seed.name);

  let companies: string[] = [];
  const known = Boolean(seed.industry?.trim()) || (seed.employee_count ?? 0) > 0;
  if (known && !sources.company.demo && !sources.group.demo) {
    const filters: Record<string, unknown> = {};
    if (seed.industry?.trim()) filters.industry = seed.industry.trim();
    if (seed.employee_count && seed.employee_count > 0) {
      filters.employees_min = Math.max(1, Math.floor(seed.employee_count / 2));
      filters.employees_max = seed.employee_count * 2;
    }
    const found = await take(
      sources.company.search({ type: 'company', location, filters }, { offset: 0, limit: SIMILAR_COMPANIES_MAX }),
      SIMILAR_COMPANIES_MAX,
      (r) => !same(r.company ?? r.name, seed.company),
    );
    companies = [...new Set(found.map((r) => r.company ?? r.name).filter(Boolean))];
  }
  const records = companies.length
    ? await take(
        sources.group.search(
          { type: 'group', location, filters: { ...role, companies } },
          { offset: 0, limit: SIMILAR_PEOPLE_MAX },
        ),
        SIMILAR_PEOPLE_MAX,
        other,
      )
    : await take(
        sources.people.search({ type: 'people', location, filters: role }, { offset: 0, limit: SIMILAR_PEOPLE_MAX }),
        SIMILAR_PEOPLE_MAX,
        other,
      );
  return records.map((r) => ({
    name: r.name,
    job_title: r.job_title,
    seniority: r.seniority,
    company: r.company,
    website: r.website,
    email: r.email_outcome === 'not_found' ? null : r.email,
    phone: r.phone,
    linkedin_url: r.linkedin_url,
  }));
}
