import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { IdParams, Nullable, Type } from '../../http/contract';
import { validationError } from '../../http/errors';
import { listTracking, recordVisit } from './intent.service';

/** Page views one address may record per minute (a tracking pixel must not become a write flood). */
export const COLLECT_RATE_PER_MINUTE = 300;
export const COLLECT_PATH = '/api/intent/collect';

/** 1×1 transparent GIF: the snippet loads the collection endpoint as an image (no CORS, no cookies). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const KEY_PATTERN = '^[a-f0-9]{32}$';

const publicOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The HTML the user pastes into their site: one page view per load, sent as an image request. */
export function trackingSnippet(origin: string, key: string): string {
  return [
    '<script>',
    '(function () {',
    '  var img = new Image(1, 1);',
    `  img.src = '${origin}${COLLECT_PATH}?k=${key}&u=' + encodeURIComponent(location.href) + '&r=' + encodeURIComponent(document.referrer || '');`,
    '})();',
    '</script>',
  ].join('\n');
}

const IntentTracking = Type.Object({
  campaign_id: Type.Integer(),
  key: Type.String({ description: "The list's tracking key (32 hex characters), made on first view." }),
  collect_url: Type.String(),
  snippet: Type.String({ description: 'The HTML to paste into the tracked site.' }),
  visits: Type.Object({
    total: Type.Integer(),
    pending: Type.Integer(),
    last_at: Nullable(Type.String({ format: 'date-time' })),
  }),
});

const CollectQuery = Type.Object(
  {
    k: Type.String({ pattern: KEY_PATTERN, maxLength: 32 }),
    u: Type.String({ minLength: 1, maxLength: 2000 }),
    r: Type.Optional(Type.String({ maxLength: 2000 })),
    t: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);

/**
 * Intent lists (spec §1 live site visitor data): the list's tracking snippet and the public
 * collection endpoint it calls. An intent search turns the recorded visits into results through
 * the lead provider (`identifyVisitor`, see searchJobs.service.ts).
 */
export function intentRoutes(api: FastifyInstance, { db, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/intent-tracking/:id',
    {
      ...guard,
      schema: {
        summary: "An intent list's tracking snippet and recorded visits",
        params: IdParams,
        response: { 200: IntentTracking },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const id = request.params.id;
      const { key, visits } = await listTracking(db, userId, id);
      const origin = publicOrigin(request);
      return {
        campaign_id: id,
        key,
        collect_url: `${origin}${COLLECT_PATH}`,
        snippet: trackingSnippet(origin, key),
        visits,
      };
    },
  );

  app.get(
    COLLECT_PATH,
    {
      config: { rateLimit: { max: COLLECT_RATE_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: 'Records one page view of a tracked site (public; answers a 1×1 GIF)',
        querystring: CollectQuery,
        response: {
          200: {
            description: 'A 1×1 transparent GIF',
            content: { 'image/gif': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const { k, u, r } = request.query;
      let page: URL;
      try {
        page = new URL(u);
      } catch {
        throw validationError({ field: 'u', code: 'validation.url' });
      }
      if (page.protocol !== 'http:' && page.protocol !== 'https:')
        throw validationError({ field: 'u', code: 'validation.url' });
      const userAgent = request.headers['user-agent'];
      await recordVisit(db, queue, {
        key: k,
        url: page.toString(),
        referrer: r?.trim() ? r.trim() : null,
        ip: request.ip,
        userAgent: userAgent ? userAgent.slice(0, 500) : null,
      });
      return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
    },
  );
}
