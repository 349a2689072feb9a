import { createHash } from 'node:crypto';
import {
  DEPARTMENTS,
  MANAGEMENT_LEVELS,
  PLACE_TYPES,
  SENIORITIES,
  WEBSITE_TECHNOLOGIES,
  COMPANY_INDUSTRIES,
} from './catalog';
import type { EmailOutcome, LeadProvider, LeadQuery, LeadRecord } from './types';

const FIRST_NAMES = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Lucas',
  'Sofia',
  'Ethan',
  'Chloe',
  'Mateo',
  'Lena',
  'Jonas',
  'Clara',
  'Hugo',
  'Nora',
  'Elias',
  'Zoe',
  'Omar',
  'Ines',
  'Felix',
  'Maya',
  'Leo',
  'Aria',
  'Theo',
];
const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Müller',
  'Martin',
  'Rossi',
  'Dubois',
  'Novak',
  'Silva',
  'Jensen',
  'Kowalski',
  'Brown',
  'Lopez',
  'Schmidt',
  'Moreau',
  'Weber',
  'Taylor',
  'Fischer',
  'Bernard',
  'Costa',
  'Nielsen',
];
const COMPANY_WORDS = [
  'Blue',
  'North',
  'Bright',
  'Summit',
  'Cedar',
  'Harbor',
  'Nova',
  'Atlas',
  'Pioneer',
  'Granite',
  'Silver',
  'Maple',
  'Orbit',
  'Vertex',
  'Lumen',
  'Evergreen',
];
const COMPANY_SUFFIXES = [
  'Labs',
  'Partners',
  'Group',
  'Works',
  'Studio',
  'Systems',
  'Solutions',
  'Collective',
  'Digital',
  'Co',
];
const JOB_TITLES: Readonly<Record<string, readonly string[]>> = {
  Engineering: ['Software Engineer', 'Engineering Manager', 'CTO', 'Platform Lead'],
  Sales: ['Account Executive', 'Sales Director', 'VP of Sales', 'Sales Development Rep'],
  Marketing: ['Marketing Manager', 'Head of Growth', 'CMO', 'Content Strategist'],
  Finance: ['Financial Controller', 'CFO', 'Finance Manager', 'Accountant'],
  'Human Resources': ['HR Manager', 'Talent Partner', 'Head of People', 'Recruiter'],
  Operations: ['Operations Manager', 'COO', 'Operations Analyst', 'Office Manager'],
  'Customer Success': ['Customer Success Manager', 'Support Lead', 'Head of Customer Success', 'Account Manager'],
  Product: ['Product Manager', 'Head of Product', 'Product Owner', 'Product Designer'],
  Legal: ['General Counsel', 'Legal Counsel', 'Paralegal', 'Compliance Officer'],
  'Information Technology': ['IT Manager', 'Systems Administrator', 'CIO', 'IT Support Specialist'],
  Design: ['UX Designer', 'Design Lead', 'Creative Director', 'Visual Designer'],
  Executive: ['CEO', 'Founder', 'Managing Director', 'President'],
};

/** A small deterministic generator (mulberry32) seeded from a hash of the query and the index. */
function rng(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
const asText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Stable text of a query: keys sorted, so `{a,b}` and `{b,a}` are the same search. */
export function canonicalQuery(query: LeadQuery): string {
  const sortKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return JSON.stringify({
    type: query.type,
    location: query.location.trim().toLowerCase(),
    filters: sortKeys(query.filters),
  });
}

function outcome(random: () => number): EmailOutcome {
  const roll = random();
  return roll < 0.6 ? 'found' : roll < 0.8 ? 'potential' : 'not_found';
}

/** One record: every value comes from the seeded generator, so the same query and index give the same lead. */
export function demoRecord(query: LeadQuery, index: number): LeadRecord {
  const seed = `${canonicalQuery(query)}#${index}`;
  const random = rng(seed);
  const key = createHash('sha256').update(seed).digest('hex').slice(0, 16);
  const f = query.filters;
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const person = `${first} ${last}`;
  const companyName = `${pick(random, COMPANY_WORDS)} ${pick(random, COMPANY_SUFFIXES)}`;
  const domain = `${slug(companyName).replace(/-/g, '')}.example`;
  const city = query.location.split(',')[0]?.trim() || query.location;
  const country = query.location.includes(',') ? (query.location.split(',').pop()?.trim() ?? null) : null;
  const found = outcome(random);
  const phone =
    random() < 0.55
      ? `+1 555 ${String(100 + Math.floor(random() * 900))} ${String(1000 + Math.floor(random() * 9000))}`
      : null;
  const personEmail = (d: string) =>
    found === 'not_found'
      ? null
      : found === 'found'
        ? `${slug(first)}.${slug(last)}@${d}`
        : `${slug(first).charAt(0)}${slug(last)}@${d}`;
  const base: LeadRecord = {
    key,
    name: person,
    company: null,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: null,
    city,
    country,
    category: null,
    employee_count: null,
    linkedin_url: null,
    email: null,
    email_outcome: found,
    phone: null,
    social: null,
  };

  switch (query.type) {
    case 'people':
    case 'group': {
      const departments = asList(f.departments);
      const department = departments.length ? pick(random, departments) : pick(random, DEPARTMENTS);
      const seniorities = asList(f.seniority);
      const levels = asList(f.management_levels);
      const groupCompanies = asList(f.companies);
      const company =
        query.type === 'group' && groupCompanies.length
          ? groupCompanies[index % groupCompanies.length]!
          : (asText(f.company) ?? companyName);
      const companyDomain = company.includes('.')
        ? company.replace(/^https?:\/\//, '').replace(/\/.*$/, '')
        : `${slug(company).replace(/-/g, '')}.example`;
      return {
        ...base,
        company,
        job_title: asText(f.job_title) ?? pick(random, JOB_TITLES[department] ?? ['Specialist']),
        department,
        seniority: seniorities.length ? pick(random, seniorities) : pick(random, SENIORITIES),
        management_level: levels.length ? pick(random, levels) : pick(random, MANAGEMENT_LEVELS),
        website: `https://${companyDomain}`,
        employee_count: 10 + Math.floor(random() * 4990),
        linkedin_url: `https://www.linkedin.com/in/${slug(person)}-${key.slice(0, 6)}`,
        email: personEmail(companyDomain),
        phone,
      };
    }
    case 'local': {
      const categories = asList(f.categories);
      const category = categories.length ? pick(random, categories) : pick(random, PLACE_TYPES);
      const name = `${pick(random, COMPANY_WORDS)} ${category}`;
      const site = `${slug(name).replace(/-/g, '')}-${key.slice(0, 4)}.example`;
      const technologies = asList(f.technologies);
      return {
        ...base,
        name,
        company: name,
        category,
        website: `https://${site}`,
        job_title: 'Owner',
        employee_count: 2 + Math.floor(random() * 60),
        email: found === 'not_found' ? null : `${found === 'found' ? 'hello' : 'info'}@${site}`,
        phone,
        social: {
          technology: technologies.length ? pick(random, technologies) : pick(random, WEBSITE_TECHNOLOGIES),
          rating: Math.round((3 + random() * 2) * 10) / 10,
        },
      };
    }
    case 'company': {
      const industry = asText(f.industry) ?? pick(random, COMPANY_INDUSTRIES);
      const min = typeof f.employees_min === 'number' ? f.employees_min : 10;
      const max = typeof f.employees_max === 'number' ? Math.max(f.employees_max, min) : 5000;
      return {
        ...base,
        company: companyName,
        category: industry,
        website: `https://${domain}`,
        employee_count: min + Math.floor(random() * (max - min + 1)),
        job_title: pick(random, ['CEO', 'Founder', 'Managing Director']),
        seniority: 'Founder/Owner',
        email: personEmail(domain),
        phone,
      };
    }
    case 'domain': {
      const target = String(f.domain ?? domain)
        .replace(/^https?:\/\//, '')
        .replace(/\/.*$/, '')
        .toLowerCase();
      const department = pick(random, DEPARTMENTS);
      return {
        ...base,
        company: target,
        website: `https://${target}`,
        department,
        job_title: pick(random, JOB_TITLES[department] ?? ['Specialist']),
        seniority: pick(random, SENIORITIES),
        email: personEmail(target),
        phone: null,
      };
    }
    case 'influencer': {
      const platforms = asList(f.platforms);
      const platform = platforms.length ? pick(random, platforms) : pick(random, ['youtube', 'instagram', 'tiktok']);
      const fMin = typeof f.followers_min === 'number' ? f.followers_min : 1000;
      const fMax = typeof f.followers_max === 'number' ? Math.max(f.followers_max, fMin) : 500_000;
      const handle = `${slug(first)}${slug(last)}${key.slice(0, 3)}`;
      const types = asList(f.account_types);
      return {
        ...base,
        company: null,
        website: `https://${platform}.example/@${handle}`,
        job_title: 'Creator',
        email: found === 'not_found' ? null : `${handle}@mail.example`,
        social: {
          platform,
          handle: `@${handle}`,
          followers: fMin + Math.floor(random() * (fMax - fMin + 1)),
          engagement_rate: Math.round(random() * 0.12 * 1000) / 1000,
          account_type: types.length ? pick(random, types) : pick(random, ['regular', 'business', 'creator']),
          audience_credibility: Math.round((0.5 + random() * 0.5) * 100) / 100,
        },
      };
    }
    case 'intent': {
      const site = String(f.website ?? 'your-site.example');
      const department = pick(random, DEPARTMENTS);
      return {
        ...base,
        company: companyName,
        website: `https://${domain}`,
        department,
        job_title: pick(random, JOB_TITLES[department] ?? ['Specialist']),
        email: personEmail(domain),
        social: { visited: site, pages_viewed: 1 + Math.floor(random() * 12) },
      };
    }
  }
}

/** The embedded provider: plausible generated leads, the same for the same query. */
export const demoLeadProvider: LeadProvider = {
  id: 'demo',
  demo: true,
  async *search(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    // Bounded so that a runaway consumer cannot loop forever.
    for (let index = offset; index < offset + 100_000; index += 1) yield demoRecord(query, index);
  },
  async findPhone(lead) {
    // Deterministic: the same lead always gets the same answer; about half have a phone.
    const random = rng(`phone#${lead.key ?? ''}#${lead.name}#${lead.company ?? ''}`);
    if (random() < 0.5) return null;
    return `+1 555 ${String(100 + Math.floor(random() * 900))} ${String(1000 + Math.floor(random() * 9000))}`;
  },
  async findEmployees(lead) {
    // One to three people per company, the same ones every time; a few companies show none.
    const random = rng(`employees#${lead.key ?? ''}#${lead.name}#${lead.website ?? ''}`);
    if (random() < 0.15) return [];
    const host = hostOf(lead.website) ?? `${slug(lead.company ?? lead.name).replace(/-/g, '')}.example`;
    const count = 1 + Math.floor(random() * 3);
    return Array.from({ length: count }, () => {
      const first = pick(random, FIRST_NAMES);
      const last = pick(random, LAST_NAMES);
      const department = pick(random, DEPARTMENTS);
      const outcome = random();
      return {
        name: `${first} ${last}`,
        job_title: pick(random, JOB_TITLES[department] ?? ['Specialist']),
        department,
        seniority: pick(random, SENIORITIES),
        email: outcome < 0.7 ? `${slug(first)}.${slug(last)}@${host}` : null,
        phone:
          random() < 0.4
            ? `+1 555 ${String(100 + Math.floor(random() * 900))} ${String(1000 + Math.floor(random() * 9000))}`
            : null,
        linkedin_url: `https://www.linkedin.com/in/${slug(`${first} ${last}`)}-${Math.floor(random() * 1e6).toString(36)}`,
      };
    });
  },
  async enrichInfluencer(lead) {
    const random = rng(`enrich#${lead.key ?? ''}#${lead.name}#${lead.website ?? ''}`);
    if (random() < 0.25) return null;
    const handle = String(lead.social?.handle ?? slug(lead.name)).replace(/^@/, '');
    return {
      email: `${handle}@mail.example`,
      phone:
        random() < 0.3
          ? `+1 555 ${String(100 + Math.floor(random() * 900))} ${String(1000 + Math.floor(random() * 9000))}`
          : null,
      social: {
        avg_likes: Math.floor(200 + random() * 20000),
        avg_views: Math.floor(1000 + random() * 200000),
        top_audience_country: pick(random, ['US', 'GB', 'DE', 'FR', 'ES', 'BR', 'IN']),
        enriched: 'yes',
      },
    };
  },
  async identifyVisitor(visit) {
    // The same visitor address and page give the same company; about one visit in ten stays anonymous.
    const path = (() => {
      try {
        return new URL(visit.url).pathname;
      } catch {
        return visit.url;
      }
    })();
    const random = rng(`visitor#${visit.ip}#${path}`);
    if (random() < 0.1) return null;
    const site = hostOf(visit.url) ?? 'your-site.example';
    const record = demoRecord(
      { type: 'intent', location: '', filters: { website: site } },
      Math.floor(random() * 1_000_000),
    );
    return {
      ...record,
      city: null,
      social: { visited: site, page: path, pages_viewed: 1, referrer: visit.referrer ?? '' },
    };
  },
};

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname || null;
  } catch {
    return null;
  }
}
