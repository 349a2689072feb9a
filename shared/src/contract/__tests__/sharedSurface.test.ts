import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The federation config is CommonJS and build-time only; the test reads it as the builds do.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SURFACES, CONFIG_SUBPATHS } = require('../../../federation.cjs') as {
  SURFACES: Record<string, string[]>;
  CONFIG_SUBPATHS: Record<string, string[]>;
};

const ROOT = path.resolve(__dirname, '../../../..');
const FRONTENDS = [
  'shared/src',
  'shell/src',
  ...readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-'))
    .map((d) => `${d}/src`),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Tests run unfederated (jsdom imports the real packages): only shipped code is checked.
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === '__tests__' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Value imports of `pkg` in one source (type-only imports cost nothing at runtime). */
export function importedNames(
  source: string,
  pkg: string,
  allowedSubpaths: readonly string[] = [],
): { names: string[]; problems: string[] } {
  const names: string[] = [];
  const problems: string[] = [];
  const escaped = pkg.replace(/[/.]/g, (c) => `\\${c}`);
  for (const m of source.matchAll(new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+'${escaped}(/[^']*)?'`, 'g'))) {
    if (m[1]) continue;
    if (m[3] && allowedSubpaths.includes(m[3])) continue;
    if (m[3]) problems.push(`deep import '${pkg}${m[3]}' bypasses the shared module`);
    const clause = m[2]!;
    if (!clause.startsWith('{')) {
      problems.push(`'${clause}' (default or namespace import) cannot be checked against the surface`);
      continue;
    }
    for (const part of clause.slice(1, clause.lastIndexOf('}')).split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return { names, problems };
}

describe('shared package surfaces (shared/federation.cjs)', () => {
  const files = FRONTENDS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

  it('finds the frontends’ sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const [pkg, surface] of Object.entries(SURFACES)) {
    it(`every name imported from ${pkg} is offered by its shared surface`, () => {
      const offered = new Set(surface);
      const missing: string[] = [];
      for (const file of files) {
        const { names, problems } = importedNames(readFileSync(file, 'utf8'), pkg, CONFIG_SUBPATHS[pkg] ?? []);
        for (const name of names)
          if (!offered.has(name))
            missing.push(`${path.relative(ROOT, file)}: ${name} (add it to the surface in shared/federation.cjs)`);
        for (const problem of problems) missing.push(`${path.relative(ROOT, file)}: ${problem}`);
      }
      expect(missing).toEqual([]);
    });

    it(`${pkg}'s shared surface offers only names some source imports`, () => {
      // A shared module is not tree-shaken: every name on the surface is downloaded by every page,
      // so the surface is cut to what the frontends import (ADR 059).
      const imported = new Set(
        files.flatMap((file) => importedNames(readFileSync(file, 'utf8'), pkg, CONFIG_SUBPATHS[pkg] ?? []).names),
      );
      const unused = surface.filter((name) => !imported.has(name));
      expect(unused.map((name) => `${name} (no source imports it: remove it from the surface)`)).toEqual([]);
    });
  }

  it('reads named, renamed and type-only imports', () => {
    const source =
      "import { Box, Text as T, type BoxProps } from '@chakra-ui/react';\nimport type { X } from '@chakra-ui/react';\nimport { y } from 'other';";
    expect(importedNames(source, '@chakra-ui/react')).toEqual({ names: ['Box', 'Text'], problems: [] });
    expect(importedNames("import * as C from '@chakra-ui/react';", '@chakra-ui/react').problems).toHaveLength(1);
    expect(
      importedNames("import { Button } from '@chakra-ui/react/button';", '@chakra-ui/react').problems,
    ).toHaveLength(1);
    expect(importedNames("import { tokens } from '@chakra-ui/react/theme';", '@chakra-ui/react', ['/theme'])).toEqual({
      names: [],
      problems: [],
    });
    expect(
      importedNames("import { Button } from '@chakra-ui/react/button';", '@chakra-ui/react', ['/theme']).problems,
    ).toHaveLength(1);
  });
});
