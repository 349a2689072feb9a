import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'node_modules' ? [] : sources(path);
    return /\.tsx$/.test(name) ? [path] : [];
  });
}

// The shell is left out on purpose: its frame (language switch included) is drawn before Chakra loads (ADR 014).
const roots = readdirSync(ROOT).filter((d) => d.startsWith('mfe-') || d === 'shared');
const files = roots.flatMap((r) => sources(join(ROOT, r, 'src')));
const matching = (pattern: RegExp, within = files) =>
  within.filter((f) => pattern.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));

describe('design-system controls (issue 26 item 15)', () => {
  it('no area draws a browser select or checkbox of its own: they go through the shared SelectField/FilterSelect and CheckboxField', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(matching(/<select\b|chakra\.select\b|type="checkbox"/)).toEqual([]);
  });

  it("Chakra's NativeSelect is drawn in one place, the shared select fields: no area keeps a copy of its own", () => {
    expect(matching(/\bNativeSelect\b/)).toEqual(['shared/src/ui/form/fields.tsx']);
  });
});
