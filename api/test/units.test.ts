import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { containing, escapeLike } from '../src/db/like';
import { LANGUAGES, MESSAGES, parseLanguageHeader, t, type MessageCode } from '../src/i18n/messages';
import { normaliseDomain } from '../src/modules/core/siteSettings.schemas';
import { addOneMonth, currentResetDate, limitBand, percentUsed } from '../src/users/limits';
import { compareSemver, isSemver } from '../src/web/remotes';
import { safeRelativePath } from '../src/web/static';
import { demoLeadProvider, type LeadProvider, type LeadQuery, type LeadRecord } from '../src/providers/leads';
import { similarPeople } from '../src/modules/leadSearch/similarPeople.service';

describe('config', () => {
  const repo = '/srv/leadsmith';

  test('defaults', () => {
    const config = loadConfig({}, repo);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: path.join(repo, '.data', 'pglite'),
      tokenTtlHours: 720,
      webRoot: repo,
      devMailbox: false,
      seedDemo: true,
      logLevel: 'info',
      logErrorRateLimit: 60,
    });
  });

  test('values are parsed; SERVE_WEB=0 turns static serving off; :memory: stays in memory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'leadsmith-cfg-'));
    try {
      const config = loadConfig(
        {
          PORT: '8099',
          HOST: '0.0.0.0',
          DATA_DIR: ':memory:',
          TOKEN_TTL_HOURS: '1',
          DEV_MAILBOX: 'true',
          WEB_ROOT: dir,
          DATABASE_URL: 'postgres://u:p@db:5432/leadsmith',
        },
        repo,
      );
      expect(config).toMatchObject({
        port: 8099,
        host: '0.0.0.0',
        dataDir: ':memory:',
        tokenTtlHours: 1,
        devMailbox: true,
        webRoot: dir,
        databaseUrl: 'postgres://u:p@db:5432/leadsmith',
      });
      expect(loadConfig({ SERVE_WEB: '0', WEB_ROOT: dir }, repo).webRoot).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ TOKEN_TTL_HOURS: '-5' }, 'TOKEN_TTL_HOURS'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DEV_MAILBOX: 'maybe' }, 'DEV_MAILBOX'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ WEB_ROOT: '/definitely/not/here' }, 'WEB_ROOT'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ NODE_ENV: 'production' }, 'CHAT_WIDGET_SECRET'],
    [{ NODE_ENV: 'production', CHAT_WIDGET_SECRET: 'a-real-secret-value' }, 'APP_SECRET'],
    [
      {
        NODE_ENV: 'production',
        CHAT_WIDGET_SECRET: 'a-real-secret-value',
        APP_SECRET: 'another-real-secret',
        DEV_MAILBOX: '1',
      },
      'DEV_MAILBOX',
    ],
  ])('%j fails loudly naming %s', (env, key) => {
    expect(() => loadConfig(env, repo)).toThrow(ConfigError);
    expect(() => loadConfig(env, repo)).toThrow(new RegExp(`^Invalid environment variable ${key}:`));
  });
});

describe('search limits', () => {
  test('bands follow the shared rule', () => {
    expect(limitBand(0, 100)).toBe('under_50');
    expect(limitBand(50, 100)).toBe('under_50');
    expect(limitBand(51, 100)).toBe('over_50');
    expect(limitBand(100, 100)).toBe('full');
    expect(limitBand(0, 0)).toBe('full');
    expect(percentUsed(1, 3)).toBe(33.3);
    expect(percentUsed(5, 0)).toBe(100);
  });

  test('same date next month, clamped to the month end', () => {
    expect(addOneMonth('2026-01-15')).toBe('2026-02-15');
    expect(addOneMonth('2026-01-31')).toBe('2026-02-28');
    expect(addOneMonth('2028-01-31')).toBe('2028-02-29');
    expect(addOneMonth('2026-12-05')).toBe('2027-01-05');
    expect(() => addOneMonth('soon')).toThrow();
  });

  test('the current reset date walks forward over missed months', () => {
    expect(currentResetDate('2026-01-10', '2026-02-09')).toBe('2026-01-10');
    expect(currentResetDate('2026-01-10', '2026-02-10')).toBe('2026-02-10');
    expect(currentResetDate('2026-01-10', '2026-05-01')).toBe('2026-04-10');
  });
});

describe('semver', () => {
  test('validity', () => {
    for (const v of ['1.0.0', '0.10.2', '2.0.0-rc.1', '10.20.30-alpha-1.x']) expect(isSemver(v)).toBe(true);
    for (const v of ['1.0', 'v1.0.0', '01.0.0', 'latest', '1.0.0+build', '../1.0.0', ''])
      expect(isSemver(v)).toBe(false);
  });

  test('ordering', () => {
    const sorted = [
      '1.10.0',
      '1.2.0',
      '1.0.0',
      '1.0.0-rc.1',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '0.9.9',
    ].sort(compareSemver);
    expect(sorted).toEqual([
      '0.9.9',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.2.0',
      '1.10.0',
    ]);
  });
});

describe('i18n catalogue', () => {
  const codes = Object.keys(MESSAGES) as MessageCode[];
  const sample = {
    email: 'a@b.test',
    min: 6,
    max: 9,
    values: 'x',
    minutes: 3,
    seconds: 7,
    provider: 'google',
    type: 'text/plain',
    name: 'Ann',
    code: '123456',
  };

  test('every code has a non-empty text in en, es, fr and de, with the same placeholders', () => {
    for (const code of codes) {
      const placeholders = (lang: (typeof LANGUAGES)[number]) => {
        const entry = MESSAGES[code][lang];
        return typeof entry === 'string' ? [...entry.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : [];
      };
      for (const lang of LANGUAGES) {
        // Every placeholder the English text names gets a value, so none may be left over.
        const values = { ...Object.fromEntries(placeholders('en').map((name) => [name, 7])), ...sample };
        const text = t(lang, code, values);
        expect(text.trim().length).toBeGreaterThan(0);
        expect(text).not.toMatch(/\{\w+\}/);
        expect(placeholders(lang)).toEqual(placeholders('en'));
      }
    }
  });

  test('non-English texts are actually translated', () => {
    for (const code of codes) {
      for (const lang of ['es', 'fr', 'de'] as const)
        expect({ code, lang, text: t(lang, code, sample) }).not.toEqual({ code, lang, text: t('en', code, sample) });
    }
  });

  test('User-Language parsing', () => {
    expect(parseLanguageHeader('de')).toBe('de');
    expect(parseLanguageHeader('FR-ca')).toBe('fr');
    expect(parseLanguageHeader('es;q=0.9')).toBe('es');
    expect(parseLanguageHeader('it')).toBeNull();
    expect(parseLanguageHeader(undefined)).toBeNull();
  });
});

describe('helpers', () => {
  test('normaliseDomain strips scheme, path, credentials, port and case', () => {
    expect(normaliseDomain('Example.COM')).toBe('example.com');
    expect(normaliseDomain('example.com:8080')).toBe('example.com');
    expect(normaliseDomain('https://user:pw@App.Example.com:8443/login?x=1')).toBe('app.example.com');
    expect(normaliseDomain('example.com.')).toBe('example.com');
    expect(normaliseDomain('[::1]:3000')).toBe('[::1]');
  });

  test('safeRelativePath refuses anything that could leave the root', () => {
    expect(safeRelativePath('a/b.js')).toBe('a/b.js');
    for (const bad of ['', '../x', 'a/../../x', './x', 'a//b', 'a\\b', 'x\0y', '/abs', 'a/'])
      expect(safeRelativePath(bad)).toBeNull();
  });

  test('a search text is matched as written in LIKE: wildcards and the escape character escaped', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containing('a_b')).toBe('%a\\_b%');
    expect(containing('plain')).toBe('%plain%');
  });
});

describe('similarPeople: the rule of people "find similar"', () => {
  const record = (over: Partial<LeadRecord>): LeadRecord => ({
    key: over.name ?? 'x',
    name: 'x',
    company: null,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: null,
    city: null,
    country: null,
    category: null,
    employee_count: null,
    linkedin_url: null,
    email: null,
    email_outcome: 'not_found',
    phone: null,
    social: null,
    ...over,
  });
  const source = (
    id: string,
    demo: boolean,
    answer: (q: LeadQuery) => LeadRecord[],
    asked: LeadQuery[],
  ): LeadProvider => ({
    ...demoLeadProvider,
    id,
    demo,
    async *search(query) {
      asked.push(query);
      yield* answer(query);
    },
  });
  const seed = {
    name: 'Ana Silva',
    company: 'Acme',
    job_title: 'Head of Sales',
    seniority: 'Director',
    department: 'Sales',
    country: 'Portugal',
    industry: 'Software',
    employee_count: 100,
  };

  test('looks for the role and seniority at companies of the same industry and size, never the person or its company', async () => {
    const asked: LeadQuery[] = [];
    const company = source(
      'c',
      false,
      () => [
        record({ name: 'Acme', company: 'Acme' }),
        record({ name: 'Beta', company: 'Beta' }),
        record({ name: 'Gamma', company: 'Gamma' }),
      ],
      asked,
    );
    const group = source(
      'g',
      false,
      () => [
        record({ name: 'Ana Silva', company: 'Beta' }),
        record({ name: 'Rui Costa', company: 'Acme', email: 'rui@acme.test', email_outcome: 'found' }),
        record({
          name: 'Eva Lima',
          company: 'Beta',
          job_title: 'Head of Sales',
          email: 'eva@beta.test',
          email_outcome: 'found',
        }),
        record({ name: 'Paulo Reis', company: 'Gamma', email: 'guess@gamma.test', email_outcome: 'not_found' }),
      ],
      asked,
    );
    const people = source('p', false, () => [], asked);
    const found = await similarPeople(seed, { company, group, people });
    expect(asked[0]).toEqual({
      type: 'company',
      location: 'Portugal',
      filters: { industry: 'Software', employees_min: 50, employees_max: 200 },
    });
    expect(asked[1]).toEqual({
      type: 'group',
      location: 'Portugal',
      filters: { job_title: 'Head of Sales', seniority: ['Director'], companies: ['Beta', 'Gamma'] },
    });
    expect(found.map((p) => [p.name, p.email])).toEqual([
      ['Eva Lima', 'eva@beta.test'],
      ['Paulo Reis', null],
    ]);
  });

  test('without a known company (or with a generated company source) searches people by role in the same country; no role, no search', async () => {
    const asked: LeadQuery[] = [];
    const people = source('p', false, () => [record({ name: 'Eva Lima', company: 'Beta' })], asked);
    const company = source('c', true, () => [record({ name: 'Demo Co' })], asked);
    expect(await similarPeople({ ...seed, seniority: 'vp' }, { people, group: people, company })).toHaveLength(1);
    expect(asked).toEqual([{ type: 'people', location: 'Portugal', filters: { job_title: 'Head of Sales' } }]);
    expect(
      await similarPeople(
        { ...seed, job_title: null, department: null, seniority: null },
        { people, group: people, company },
      ),
    ).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});
