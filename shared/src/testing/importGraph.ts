import fs from 'node:fs';
import path from 'node:path';

/** One static import of a source file: what it asks for, and whether it brings only types. */
export interface StaticImport {
  from: string;
  request: string;
  typeOnly: boolean;
}

const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The static imports and re-exports of a file (`import()` is not one: it loads on demand). */
export function staticImports(file: string): StaticImport[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(STATIC_IMPORT)].map((m) => ({ from: file, request: m[3] ?? '', typeOnly: Boolean(m[2]) }));
}

/** A relative request resolved to its source file, or null for a package. */
export function resolveRelative(from: string, request: string): string | null {
  if (!request.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), request);
  if (fs.existsSync(base) && fs.statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  throw new Error(`${from}: cannot resolve ${request}`);
}

/** Every file reached from `entry` by static value imports, and the packages they ask for. */
export function staticGraph(entry: string): { files: Set<string>; packages: Map<string, string[]> } {
  const files = new Set<string>();
  const packages = new Map<string, string[]>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imp of staticImports(file)) {
      if (imp.typeOnly || imp.request.endsWith('.json')) continue;
      const target = resolveRelative(file, imp.request);
      if (target) visit(target);
      else packages.set(imp.request, [...(packages.get(imp.request) ?? []), file]);
    }
  };
  visit(path.resolve(entry));
  return { files, packages };
}

const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The source files a file loads on demand (`import('./x')`), resolved; packages are left out. */
export function dynamicImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(DYNAMIC_IMPORT)]
    .map((m) => resolveRelative(file, m[1] ?? ''))
    .filter((target): target is string => target !== null);
}
