import path from 'node:path';
import { staticGraph } from '@leadsmith/shared/testing';

/**
 * What runs before the sidebar shows: everything the shell's bootstrap reaches by static imports.
 * Chakra, the full shared library (forms, validation, tables), single-spa and the toasts come with the areas
 * and the auth pages, on demand; the frame is drawn without them.
 */
const LATER = [
  '@chakra-ui/react',
  '@leadsmith/shared',
  'react-hook-form',
  'yup',
  'single-spa',
  'single-spa-react',
  'react-toastify',
];

describe('the shell frame', () => {
  it('reaches no Chakra, full shared library or single-spa code before the sidebar', () => {
    const { packages } = staticGraph(path.resolve(__dirname, '../../bootstrap.tsx'));
    const early = [...packages.entries()]
      .filter(([request]) =>
        LATER.some((pkg) => request !== '@leadsmith/shared/core' && (request === pkg || request.startsWith(`${pkg}/`))),
      )
      .map(([request, files]) => `${request} ← ${files.map((f) => path.basename(f)).join(', ')}`);
    expect(early).toEqual([]);
  });

  it('the boot frame reaches no package: only the frame surface of the shared library, which its build puts in place of core', () => {
    const { packages } = staticGraph(path.resolve(__dirname, '../../boot/index.ts'));
    expect([...packages.keys()].filter((request) => request !== '@leadsmith/shared/core')).toEqual([]);
  });
});
