import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '../http/contract';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { t } from '../i18n/messages';
import { brandingFor } from '../modules/core/siteSettings.service';
import type { SiteSettings } from '../modules/core/siteSettings.schemas';
import { contentSecurityPolicy, registryOrigins } from './csp';
import { isRemoteFolder, isSemver } from './remotes';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose URL never changes while their content does. */
const ALWAYS_REVALIDATE = new Set(['mf-manifest.json', 'remoteEntry.js', 'index.html']);
/** webpack's `[name].[contenthash:8].js` (and its .map). */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\./;

/** Prefixes the SPA fallback must never answer: they are API or remote files. */
const NOT_SPA = /^\/(api|auth|remotes)(\/|$)/;

/**
 * A relative path safe to join under a root: no `..`/`.` segments, no
 * backslashes, NUL bytes or empty segments (the router already decoded
 * %2e%2e and friends, so this sees what the file system would).
 */
export function safeRelativePath(raw: string): string | null {
  if (raw === '' || raw.length > 1024 || /[\\\0]/.test(raw)) return null;
  const segments = raw.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return segments.join('/');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function cacheControlFor(file: string, hashedIsImmutable: boolean): string {
  const base = path.posix.basename(file);
  if (ALWAYS_REVALIDATE.has(base)) return NO_CACHE;
  return hashedIsImmutable || CONTENT_HASHED.test(base) ? IMMUTABLE : NO_CACHE;
}

function acceptsHtml(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '').includes('text/html');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
/** The favicons the shell itself accepts (shell/src/app/documentBranding.ts). */
const SAFE_ICON = /^(https:\/\/|\/|data:image\/(png|x-icon|svg\+xml|gif|jpeg);)/;

/**
 * The shell's page as the domain's brand: its name as the title and its favicon, in the HTML itself, so
 * a reseller's customer never sees the platform's name, not even before the script runs.
 */
export function brandedIndexHtml(html: string, branding: Pick<SiteSettings, 'name' | 'favicon'>): string {
  const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(branding.name)}</title>`);
  if (!branding.favicon || !SAFE_ICON.test(branding.favicon)) return titled;
  return titled.replace(/(<link rel="icon" id="app-favicon" href=")[^"]*(")/, `$1${escapeHtml(branding.favicon)}$2`);
}

/**
 * Serves the built frontends from `webRoot`:
 * - `/remotes/<folder>/<version>/*` → `<webRoot>/<folder>/dist/<version>/*` (five remote folders only);
 * - everything else that is not /api, /auth, /remotes → `<webRoot>/shell/dist`, with the
 *   SPA fallback to index.html for HTML navigations.
 * A missing file is a real 404 (the shell shows a remote failure on it).
 */
export function registerWeb(app: FastifyInstance, webRoot: string): void {
  const shellDist = path.join(webRoot, 'shell', 'dist');
  // Decorates reply.sendFile only; every route below passes its own root. A production build writes
  // .br/.gz copies of its text files (shared/compressAssetsPlugin.cjs): those are sent when the client
  // accepts them, so nothing is compressed per response; other files fall back to @fastify/compress.
  void app.register(fastifyStatic, { serve: false, preCompressed: true });

  const sendOptions = { cacheControl: false, dotfiles: 'deny', index: false } as const;

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/remotes/:folder/:version/*',
    {
      schema: {
        params: Type.Object({
          folder: Type.String({ maxLength: 64 }),
          version: Type.String({ maxLength: 64 }),
          '*': Type.String({ maxLength: 1024 }),
        }),
      },
    },
    async (request, reply) => {
      const { folder, version } = request.params;
      const file = safeRelativePath(request.params['*']);
      if (!isRemoteFolder(folder) || !isSemver(version) || file === null) return reply.callNotFound();
      // Remotes may be loaded by a shell on another origin (CDN, dev server).
      reply.header('access-control-allow-origin', '*');
      // Versioned folder: every file but the entry points is immutable.
      reply.header('cache-control', cacheControlFor(file, true));
      return reply.sendFile(file, path.join(webRoot, folder, 'dist', version), sendOptions);
    },
  );

  const serveShell = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (NOT_SPA.test(pathname)) return reply.callNotFound();
    const wanted = request.params['*'] ?? '';
    if (wanted !== '') {
      const file = safeRelativePath(wanted);
      if (file === null) return reply.callNotFound();
      // index.html itself is the branded page below, like every navigation.
      if (file !== 'index.html' && (await isFile(path.join(shellDist, file)))) {
        reply.header('cache-control', cacheControlFor(file, false));
        return reply.sendFile(file, shellDist, sendOptions);
      }
      // A missing asset is a 404; only page navigations get the app shell.
      if (!acceptsHtml(request)) return reply.callNotFound();
    }
    if (!(await isFile(path.join(shellDist, 'index.html')))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .send(t(request.lang, 'web_not_built'));
    }
    reply.header('cache-control', NO_CACHE);
    // The page that runs every remote: only this origin and the registry's remote origins may supply script.
    reply.header(
      'content-security-policy',
      contentSecurityPolicy(await registryOrigins(app.deps.db, request.hostname), app.deps.config),
    );
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const html = await readFile(path.join(shellDist, 'index.html'), 'utf8');
    // A link of a reseller without a domain of its own carries its brand code (?brand=): the title is its name from the start.
    const brandCode = new URLSearchParams(request.url.split('?')[1] ?? '').get('brand');
    return reply
      .type('text/html; charset=utf-8')
      .send(brandedIndexHtml(html, await brandingFor(app.deps.db, { domain: request.hostname, brandCode })));
  };

  const shellSchema = { params: Type.Object({ '*': Type.Optional(Type.String({ maxLength: 2048 })) }) };
  typed.get('/', { schema: shellSchema }, serveShell);
  typed.get('/*', { schema: shellSchema }, serveShell);
}
