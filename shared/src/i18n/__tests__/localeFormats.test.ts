import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { i18n, loadLanguage } from '../i18n';

const ROOT = path.resolve(__dirname, '../../../..');
const LANGS = ['en', 'es', 'fr', 'de'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(obj: unknown, prefix = ''): [string, string][] {
  if (typeof obj === 'string') return [[prefix, obj]];
  if (obj === null || typeof obj !== 'object') return [];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

function localeFiles(): { file: string; texts: [string, string][] }[] {
  const files = LANGS.map((l) => path.join(ROOT, 'shared/src/locales', l, 'common.json'));
  for (const dir of fs.readdirSync(ROOT).filter((d) => d.startsWith('mfe-')))
    files.push(...LANGS.map((l) => path.join(ROOT, dir, 'src/locales', `${l}.json`)));
  return files.map((file) => ({
    file: path.relative(ROOT, file),
    texts: flatten(JSON.parse(fs.readFileSync(file, 'utf8'))),
  }));
}

/** Source files of the web app (not tests), where dates and numbers are drawn. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__tests__' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('counts, dates and money in the user’s language', () => {
  it('gives every text that counts something ({{count}} before a word) its plural forms, so "1 credits" cannot show', () => {
    const offenders = localeFiles().flatMap(({ file, texts }) =>
      texts
        .filter(([key, text]) => /\{\{count(, *number)?\}\}\s*\p{L}/u.test(text) && !PLURAL_SUFFIX.test(key))
        .map(([key, text]) => `${file} ${key}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });

  it('counts the number before a counted noun with {{count}} or a nested count, so "{{cost}} credits" cannot say "1 credits"', () => {
    const COUNTED_NOUN =
      /\{\{\s*(\w+)(?:, *number)?\}\}\s+(credits|results|rows|days|leads|prompts|characters|emails|lists|people|files|minutes|hours|users|accounts|contacts|companies|records|months|members|lessons|labels|conditions|steps|customers|texts|phones|employees|searches|pages|matches)\b/g;
    const offenders = localeFiles()
      .filter(({ file }) => /\ben(\.json|\/)/.test(file))
      .flatMap(({ file, texts }) =>
        texts
          .filter(
            ([key, text]) => !PLURAL_SUFFIX.test(key) && [...text.matchAll(COUNTED_NOUN)].some((m) => m[1] !== 'count'),
          )
          .map(([key]) => `${file} ${key}`),
      );
    expect(offenders).toEqual([]);
  });

  it('nests a second count of a sentence as its own plural text, and every nested text exists', () => {
    const NEST = /\$t\(([\w.]+), \{"count": \{\{\w+\}\} \}\)/g;
    const offenders = localeFiles().flatMap(({ file, texts }) => {
      const keys = new Set(texts.map(([key]) => key));
      return texts.flatMap(([key, text]) => {
        const nested = [...text.matchAll(NEST)].map((m) => m[1]!);
        const bad = text.includes('$t(') && nested.length !== text.split('$t(').length - 1;
        return [
          ...nested.filter((n) => !keys.has(`${n}_other`)).map((n) => `${file} ${key}: no ${n}_other`),
          ...(bad ? [`${file} ${key}: a $t() other than $t(key, {"count": {{var}} })`] : []),
        ];
      });
    });
    expect(offenders).toEqual([]);
  });

  it('says "1 lead, 1 credit charged" and "1,200 leads, 3 credits charged": each count of a sentence takes its own plural form', async () => {
    const texts = (lng: string) =>
      JSON.parse(fs.readFileSync(path.join(ROOT, 'mfe-lead-search/src/locales', `${lng}.json`), 'utf8'));
    const instance = i18next.createInstance();
    await instance.init({
      resources: Object.fromEntries(LANGS.map((l) => [l, { leadSearch: texts(l) }])),
      defaultNS: 'leadSearch',
      interpolation: { escapeValue: false },
    });
    const say = (lng: string, key: string, values: Record<string, unknown>) =>
      instance.getFixedT(lng, 'leadSearch')(key, values).replace(/\s/g, ' ');
    expect(say('en', 'job.done', { count: 1, found: 1, credits: 1 })).toBe(
      'Search finished: 1 lead, 1 with a contact, 1 credit charged',
    );
    expect(say('en', 'job.done', { count: 1200, found: 1, credits: 3 })).toBe(
      'Search finished: 1,200 leads, 1 with a contact, 3 credits charged',
    );
    expect(say('de', 'job.running', { produced: 0, count: 1, found: 0, credits: 1 })).toBe(
      'Suche läuft: 0 von 1 Lead, 0 mit Kontakt, 1 Credit berechnet',
    );
    expect(
      say('fr', 'enrichment.done', {
        what: 'Téléphones',
        count: 2,
        found: say('fr', 'enrichment.found', { count: 1 }),
        credits: 1,
      }),
    ).toBe('Téléphones terminé : 2 résultats vérifiés, trouvés : 1, 1 crédit débité');
    expect(say('fr', 'enrichment.foundRefreshed', { found: 1200, count: 3 })).toBe('trouvés : 1 200, actualisés : 3');
    expect(say('es', 'toolbar.getPhones', { count: 1 })).toBe('Obtener teléfonos (1 crédito por teléfono encontrado)');
    expect(say('en', 'cost.upTo', { cost: 1, count: 1, per: 1 })).toBe(
      'Up to 1 credit: 1 lead × 1 credit per lead with a contact or email',
    );
    expect(say('fr', 'cost.upTo', { cost: 1500, count: 1500, per: 1 })).toBe(
      "Jusqu'à 1 500 crédits : 1 500 prospects × 1 crédit par prospect avec contact ou e-mail",
    );
    expect(say('de', 'assistant.action.status.done', { processed: 1, count: 1, failed: 0 })).toBe(
      'KI-Texte für 1 von 1 Ergebnis geschrieben (0 fehlgeschlagen).',
    );
    expect(say('en', 'history.describe.ai', { prompts: 1, count: 2, processed: 2, failed: 0 })).toBe(
      '1 prompt on 2 results: 2 done, 0 failed',
    );
    expect(say('es', 'trash.help', { count: 30 })).toBe(
      'Las listas eliminadas quedan aquí 30 días con sus resultados; después se eliminan definitivamente.',
    );
  });

  it('formats dates and numbers with the user’s language, never the browser’s default or a fixed decimal point', () => {
    const dirs = [
      path.join(ROOT, 'shell/src'),
      path.join(ROOT, 'shared/src'),
      ...fs
        .readdirSync(ROOT)
        .filter((d) => d.startsWith('mfe-'))
        .map((d) => path.join(ROOT, d, 'src')),
    ];
    const rules: [RegExp, string][] = [
      [/\.toLocale(Date|Time)?String\(\s*\)/, 'toLocale…String() without the language'],
      [
        /new Intl\.(DateTimeFormat|NumberFormat|PluralRules|RelativeTimeFormat|ListFormat)\(\s*\)/,
        'Intl formatter without the language',
      ],
      [
        /\.toFixed\(\d\)\s*\}?\s*(\$|€|KB|MB|%)|(\$|€)\s*\$?\{[^}]*toFixed/,
        'toFixed() written next to a unit or currency',
      ],
    ];
    const offenders = dirs.flatMap(sourceFiles).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          rules.filter(([rule]) => rule.test(line)).map(([, why]) => `${path.relative(ROOT, file)}:${i + 1} ${why}`),
        ),
    );
    expect(offenders).toEqual([]);
  });

  it('draws the header’s credit balance and a date the French and German way', async () => {
    await Promise.all((['fr', 'de'] as const).map((lang) => loadLanguage(lang)));
    const say = (lng: string, count: number) => i18n.t('common:account.creditsLink', { lng, count });
    expect(say('fr', 1)).toBe('1 crédit');
    expect(say('fr', 0)).toBe('0 crédit');
    expect(say('de', 1)).toBe('1 Credit');
    expect(say('de', 12500)).toBe('12.500 Credits');
    expect(say('fr', 12500).replace(/\s/g, ' ')).toBe('12 500 crédits');
    const date = new Date('2026-11-25T12:00:00Z');
    for (const lng of ['fr', 'de', 'es'])
      expect(date.toLocaleDateString(lng, { dateStyle: 'medium' })).not.toMatch(/11\/25\/2026/);
  });
});
