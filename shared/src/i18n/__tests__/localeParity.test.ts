import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const LANGS = ['en', 'es', 'fr', 'de'] as const;

function flatten(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

/** Every locale set in the repo: shared's common namespace and each area's namespace. */
function localeSets(): { name: string; files: Record<string, string> }[] {
  const sets = [
    {
      name: 'shared/common',
      files: Object.fromEntries(LANGS.map((l) => [l, path.join(ROOT, 'shared/src/locales', l, 'common.json')])),
    },
  ];
  for (const dir of fs.readdirSync(ROOT).filter((d) => d.startsWith('mfe-'))) {
    sets.push({
      name: dir,
      files: Object.fromEntries(LANGS.map((l) => [l, path.join(ROOT, dir, 'src/locales', `${l}.json`)])),
    });
  }
  return sets;
}

/**
 * i18next's plural suffixes: each language has the CLDR forms its rules need (es and fr have `many`, en
 * and de do not), so keys are compared by their base, and every plural base must have `_other`.
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL_SUFFIX, '');

describe.each(localeSets())('locale parity: $name', ({ files }) => {
  const flat = Object.fromEntries(LANGS.map((l) => [l, flatten(JSON.parse(fs.readFileSync(files[l]!, 'utf8')))]));
  const keys = Object.fromEntries(LANGS.map((l) => [l, new Set(flat[l]!.map(base))]));
  const all = new Set(LANGS.flatMap((l) => [...keys[l]!]));

  it.each(LANGS)('%s has every key that any other language has', (lang) => {
    const missing = [...all].filter((k) => !keys[lang]!.has(k));
    expect(missing).toEqual([]);
  });

  it.each(LANGS)('%s gives every plural key its `_other` form', (lang) => {
    const all = new Set(flat[lang]);
    const bases = new Set(flat[lang]!.filter((k) => PLURAL_SUFFIX.test(k)).map(base));
    expect([...bases].filter((b) => !all.has(`${b}_other`))).toEqual([]);
  });

  it.each(LANGS)('%s has no empty strings', (lang) => {
    const json = JSON.parse(fs.readFileSync(files[lang]!, 'utf8'));
    const empty = flatten(json).filter(
      (k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], json) === '',
    );
    expect(empty).toEqual([]);
  });
});

it('finds the shared set and all five area sets', () => {
  expect(
    localeSets()
      .map((s) => s.name)
      .sort(),
  ).toEqual(['mfe-admin', 'mfe-ai', 'mfe-lead-search', 'mfe-settings', 'mfe-whitelabel', 'shared/common']);
});
