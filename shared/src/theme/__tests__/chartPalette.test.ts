import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BRANDING } from '@leadsmith/shared/core';
import { chartPalette } from '../chartPalette';

const ROOT = join(__dirname, '../../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('chart palette', () => {
  it('starts with the domain brand colour and keeps distinct series colours', () => {
    const palette = chartPalette({ ...DEFAULT_BRANDING, button_color: '#112233' });
    expect(palette[0]).toBe('#112233');
    expect(new Set(palette).size).toBe(palette.length);
    expect(chartPalette({ ...DEFAULT_BRANDING, button_color: 'not a colour' })[0]).toBe('#573BFF');
  });

  it('every chart of every area draws its series with the shared palette, never a colour of its own', () => {
    const areas = readdirSync(ROOT).filter((d) => d.startsWith('mfe-') || d === 'shell');
    const charts = areas
      .flatMap((a) => sources(join(ROOT, a, 'src')))
      .filter((f) => /from 'recharts'/.test(readFileSync(f, 'utf8')));
    expect(charts.length).toBeGreaterThan(3);
    const own = charts.filter((f) => /\b(fill|stroke)=(\{\s*)?["'`]#[0-9a-f]{3,8}/i.test(readFileSync(f, 'utf8')));
    expect(own).toEqual([]);
  });
});
