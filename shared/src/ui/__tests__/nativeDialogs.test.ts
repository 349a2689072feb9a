import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dialogs', () => {
  it("no screen asks through the browser's confirm/alert/prompt (drawn in the system's typeface, outside the design system)", () => {
    const roots = readdirSync(ROOT).filter((d) => d.startsWith('mfe-') || d === 'shell' || d === 'shared');
    const files = roots.flatMap((r) => sources(join(ROOT, r, 'src')));
    expect(files.length).toBeGreaterThan(50);
    const native = files.filter((f) => /\bwindow\.(confirm|alert|prompt)\s*\(/.test(readFileSync(f, 'utf8')));
    expect(native).toEqual([]);
  });
});
