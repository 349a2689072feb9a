// Where the JS of a visit goes: each script the page downloaded, mapped to its file on disk and, through
// that file's source map, to the packages its code comes from. The bench names the chunks and packages
// per account and build, so a regression in "JS over the visit" names its package.
//
// A chunk's transferred (gzip) bytes are split between its packages in proportion to the minified bytes
// each contributes (the generated columns its source map gives to each source): gzip does not compress
// every package alike, so a package's figure is an estimate; the chunk totals are measured.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';

/** What is not a package's code: the bundler's own runtime and the modules Module Federation generates. */
const WEBPACK_RUNTIME = 'webpack runtime';
const FEDERATION_GLUE = 'federation glue (container, shared modules)';
const UNMAPPED = '(unmapped: module wrappers, chunk headers)';

/**
 * The file a script URL is served from. `/remotes/<folder>/<version>/<file>` → `<folder>/dist/<version>/<file>`,
 * any other path → `shell/dist/<file>` (the API's static layout, api/src/web); `webRoot` is the repository
 * root for the federated build and `monolith/dist` for the monolith.
 */
export function fileOfUrl(url, webRoot) {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/.exec(pathname);
  if (remote)
    return { file: path.join(webRoot, remote[1], 'dist', remote[2], remote[3]), build: remote[1], name: remote[3] };
  const name = pathname.replace(/^\//, '');
  return { file: path.join(webRoot, 'shell', 'dist', name), build: 'shell', name };
}

/** The package (or workspace, or runtime part) a source map's source belongs to. */
export function packageOfSource(source, root) {
  const text = source.replace(/^webpack:\/\/[^/]*\//, '');
  const modules = text.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const parts = text.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (/^webpack\/(runtime|bootstrap)/.test(text) || text.startsWith('webpack/')) return WEBPACK_RUNTIME;
  if (/^(webpack\/container|container entry|provide shared module|consume shared module|remote )/.test(text))
    return FEDERATION_GLUE;
  // Workspace code: "./src/…" of the build's own folder or "../<workspace>/…" of another.
  const relative = /^(\.\.?\/)+/.test(text) ? text : null;
  if (relative) {
    const match = /^(?:\.\.\/)+([^/]+)\//.exec(relative);
    if (match) return workspaceName(match[1], root);
    return null; // "./…": the build's own folder, filled in by the caller
  }
  if (text.startsWith('ignored|') || text.startsWith('external ')) return FEDERATION_GLUE;
  return text.split(/[ |/]/)[0] || UNMAPPED;
}

function workspaceName(folder, root) {
  if (folder === 'shared') return '@leadsmith/shared';
  if (folder === 'scripts') return 'monolith glue (scripts/monolith)';
  if (root && existsSync(path.join(root, folder, 'package.json'))) return `${folder} (own code)`;
  return folder;
}

const mapCache = new Map();

/**
 * Minified bytes of `file` per package, read from its source map (`<file>.map`). `ownFolder` names the
 * build's own workspace ("./src/…" sources). Answers null when the file or its map is missing.
 */
export function packagesOfFile(file, ownFolder, root) {
  const key = `${file}\0${ownFolder}`;
  if (mapCache.has(key)) return mapCache.get(key);
  let result = null;
  if (existsSync(file) && existsSync(`${file}.map`)) {
    const code = readFileSync(file, 'utf8');
    const map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
    const lines = code.split('\n');
    const owners = map.sources.map((s) =>
      s == null ? UNMAPPED : (packageOfSource(s, root) ?? `${ownFolder} (own code)`),
    );
    const bytes = {};
    const add = (name, n) => {
      if (n > 0) bytes[name] = (bytes[name] ?? 0) + n;
    };
    decodedMappings(map).forEach((segments, line) => {
      const length = lines[line]?.length ?? 0;
      let covered = 0;
      segments.forEach((segment, i) => {
        const start = segment[0];
        const end = i + 1 < segments.length ? segments[i + 1][0] : length;
        add(segment.length >= 4 ? owners[segment[1]] : UNMAPPED, end - start);
        covered += end - start;
      });
      add(UNMAPPED, length - covered);
    });
    for (let line = decodedMappings(map).length; line < lines.length; line += 1) add(UNMAPPED, lines[line].length);
    result = bytes;
  }
  mapCache.set(key, result);
  return result;
}

/**
 * The visit's scripts (`{ url, bytes }`, bytes transferred) as chunks with their packages: answers
 * `{ chunks: [{ build, name, kb, packages: { name: kb } }], packages: { name: kb } }`, kb gzip as
 * transferred, each chunk's split by its packages' share of its minified bytes.
 */
export function breakdown(scripts, webRoot, root) {
  const chunks = [];
  const packages = {};
  for (const script of scripts) {
    const { file, build, name } = fileOfUrl(script.url, webRoot);
    const kb = script.bytes / 1024;
    const own = packagesOfFile(file, build, root) ?? { '(no source map)': 1 };
    const total = Object.values(own).reduce((a, b) => a + b, 0) || 1;
    const split = Object.fromEntries(Object.entries(own).map(([pkg, n]) => [pkg, (kb * n) / total]));
    for (const [pkg, value] of Object.entries(split)) packages[pkg] = (packages[pkg] ?? 0) + value;
    chunks.push({ build, name: name.replace(/\?.*$/, ''), kb, packages: split });
  }
  return { chunks, packages };
}
