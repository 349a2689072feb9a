import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import { DEFAULT_BRANDING } from '../branding';
import { createBrandSystem, RECIPES, SLOT_RECIPES } from '../theme';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SURFACES } = require('../../../federation.cjs') as { SURFACES: Record<string, string[]> };

const COMPONENTS = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/components');

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : [],
  );
}

/** Recipe keys a Chakra export reaches: `key: "…"` in the file that exports it and in the files it imports, transitively. */
function recipeKeysOf(names: readonly string[]): Set<string> {
  // Not the package's barrel of every component, nor a namespace's members (`Separator` of ActionBar):
  // the files that export the name itself.
  const files = jsFiles(COMPONENTS).filter(
    (file) => file !== path.join(COMPONENTS, 'index.js') && path.basename(file) !== 'namespace.js',
  );
  const exporting = files.filter((file) => {
    const source = readFileSync(file, 'utf8');
    return names.some((name) =>
      new RegExp(
        `export \\{[^}]*\\b${name}\\b[^}]*\\}|export \\* as ${name}\\b|export (const|function) ${name}\\b`,
      ).test(source),
    );
  });
  const seen = new Set<string>();
  const keys = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/key: "([A-Za-z]+)"/g)) keys.add(m[1]!);
    for (const m of source.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      if (target.startsWith(COMPONENTS) && target !== path.join(COMPONENTS, 'index.js')) visit(target);
    }
  };
  exporting.forEach(visit);
  return keys;
}

describe('the Chakra system', () => {
  it('has a recipe for every recipe key the shared Chakra surface reaches', () => {
    // Keys the default theme has no recipe for (e.g. `text`) have nothing to keep.
    const themed = new Set([
      ...Object.keys(defaultConfig.theme!.recipes!),
      ...Object.keys(defaultConfig.theme!.slotRecipes!),
    ]);
    const needed = [...recipeKeysOf(SURFACES['@chakra-ui/react']!)].filter((key) => themed.has(key)).sort();
    expect(needed).toEqual(expect.arrayContaining(['button', 'checkbox', 'dialog', 'field', 'table']));
    const offered = new Set([...Object.keys(RECIPES), ...Object.keys(SLOT_RECIPES)]);
    expect(needed.filter((key) => !offered.has(key))).toEqual([]);
  });

  it('keeps the default theme’s own recipes, tokens and conditions for what it offers', () => {
    const system = createBrandSystem(DEFAULT_BRANDING);
    for (const key of Object.keys(RECIPES)) expect(system.getRecipe(key)).toEqual(defaultConfig.theme!.recipes![key]);
    for (const key of Object.keys(SLOT_RECIPES))
      expect(system.getSlotRecipe(key)).toEqual(defaultConfig.theme!.slotRecipes![key]);
    expect(system.token('colors.red.500')).toBe('#ef4444');
    expect(system.token('spacing.4')).toBe('1rem');
    expect(system.breakpoints.keys()).toEqual(expect.arrayContaining(['sm', 'md', 'lg', 'xl']));
    expect(system.isValidProperty('colorPalette')).toBe(true);
    // The brand palette of the domain's branding.
    expect(system.token('colors.brandPrimary')).toBeTruthy();
  });
});
