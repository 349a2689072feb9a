import path from 'node:path';
import { staticGraph } from '../testing/importGraph';

const SRC = path.resolve(__dirname, '..');
const KIT = path.join(SRC, 'ui/resource');

describe('@leadsmith/shared/resource, the resource kit on its own share key', () => {
  it('is not reached by the full library, so the areas that do not use the kit do not download it', () => {
    const full = staticGraph(path.join(SRC, 'index.ts'));
    expect([...full.files].filter((file) => file.startsWith(KIT)).map((file) => path.relative(SRC, file))).toEqual([]);
    expect(full.packages.has('@leadsmith/shared/resource')).toBe(false);
  });

  it('reaches the rest of the library only through its share keys, never by a relative path', () => {
    // A relative value import would bundle a second copy of a library module into the kit's chunk.
    const kit = staticGraph(path.join(SRC, 'resource.ts'));
    const outside = [...kit.files].filter((file) => file !== path.join(SRC, 'resource.ts') && !file.startsWith(KIT));
    expect(outside.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
