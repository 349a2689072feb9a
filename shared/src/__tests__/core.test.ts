import fs from 'node:fs';
import path from 'node:path';
import { resolveRelative, staticGraph, staticImports } from '../testing/importGraph';

const SRC = path.resolve(__dirname, '..');
const FRAME = path.join(SRC, 'frame.ts');
const HEAVY = [
  '@chakra-ui/react',
  'react-hook-form',
  '@hookform/resolvers',
  'yup',
  'single-spa',
  'single-spa-react',
  'react-toastify',
  '@leadsmith/shared',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'testing' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

describe('@leadsmith/shared/core, the boot surface', () => {
  const core = staticGraph(path.join(SRC, 'core.ts'));

  it('brings none of the UI, form or validation code', () => {
    const heavy = [...core.packages.keys()].filter((request) =>
      HEAVY.some((pkg) => request !== '@leadsmith/shared/core' && (request === pkg || request.startsWith(`${pkg}/`))),
    );
    expect(heavy).toEqual([]);
  });

  it('is reached by the rest of the library only through its share key, never by a relative path', () => {
    // A relative value import would bundle a second copy of a core module (a second session store,
    // query client or i18n instance) into the full library's shared chunk.
    const offenders = sourceFiles(SRC)
      // frame.ts is built only into the boot frame, a bundle of its own outside federation.
      .filter((file) => !core.files.has(file) && file !== FRAME)
      .flatMap((file) => staticImports(file))
      .filter((imp) => !imp.typeOnly && core.files.has(resolveRelative(imp.from, imp.request) ?? ''))
      .map((imp) => `${path.relative(SRC, imp.from)} → ${imp.request}`);
    expect(offenders).toEqual([]);
  });

  it('is re-exported whole by the full library', () => {
    expect(fs.readFileSync(path.join(SRC, 'index.ts'), 'utf8')).toContain("export * from '@leadsmith/shared/core';");
  });
});

describe('@leadsmith/shared/frame, what the boot frame draws with', () => {
  const frame = staticGraph(FRAME);

  it('reaches no package at all', () => {
    expect([...frame.packages.keys()]).toEqual([]);
  });

  it('is part of core, so the React frame and the boot frame read the same definitions', () => {
    const core = staticGraph(path.join(SRC, 'core.ts'));
    expect([...frame.files].filter((file) => file !== FRAME && !core.files.has(file))).toEqual([]);
  });
});
