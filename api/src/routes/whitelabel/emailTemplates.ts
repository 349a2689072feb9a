import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { objectSchema } from '../../http/schemas';
import { t, type Language } from '../../i18n/messages';
import { say } from '../respond';
import { notFound, resellerGuard, resellerIdOf } from './common';

export const TEMPLATE_KINDS = ['welcome'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
/** Placeholders a template may use; anything else stays as typed. */
export const PLACEHOLDERS = ['name', 'brand', 'email', 'url'] as const;

export interface EmailTemplate {
  kind: TemplateKind;
  subject: string;
  body: string;
  is_default: boolean;
  placeholders: readonly string[];
  updated_at: string | null;
}

function defaults(kind: TemplateKind, lang: Language): { subject: string; body: string } {
  // The built-in texts, with placeholders left in for the reseller to see and keep.
  const raw = { name: '{name}', brand: '{brand}', email: '{email}', url: '{url}' };
  return { subject: t(lang, `whitelabel.${kind}_subject`, raw), body: t(lang, `whitelabel.${kind}_body`, raw) };
}

export function fillTemplate(text: string, values: Record<(typeof PLACEHOLDERS)[number], string>): string {
  return text.replace(/\{(name|brand|email|url)\}/g, (_, key: (typeof PLACEHOLDERS)[number]) => values[key]);
}

/** The reseller's version of an email, or null for the built-in text. */
export async function customTemplate(q: Queryable, ownerId: number, kind: TemplateKind): Promise<{ subject: string; body: string } | null> {
  const { rows } = await q.query<{ subject: string; body: string }>('SELECT subject, body FROM whitelabel_email_templates WHERE owner_id = $1 AND kind = $2', [ownerId, kind]);
  return rows[0] ?? null;
}

const kindParams = { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: { type: 'string', enum: TEMPLATE_KINDS } } } as const;

export function emailTemplateRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = resellerGuard(app);

  const view = async (owner: number, kind: TemplateKind, lang: Language): Promise<EmailTemplate> => {
    const { rows } = await db.query<{ subject: string; body: string; updated_at: string }>('SELECT subject, body, updated_at FROM whitelabel_email_templates WHERE owner_id = $1 AND kind = $2', [
      owner,
      kind,
    ]);
    const row = rows[0];
    return row ? { kind, ...row, is_default: false, placeholders: PLACEHOLDERS } : { kind, ...defaults(kind, lang), is_default: true, placeholders: PLACEHOLDERS, updated_at: null };
  };

  app.get('/api/whitelabel/email-templates', { onRequest: guard }, async (request) => {
    const owner = await resellerIdOf(db, request);
    return { data: await Promise.all(TEMPLATE_KINDS.map((k) => view(owner, k, request.lang))) };
  });

  app.put<{ Params: { kind: TemplateKind }; Body: { subject: string; body: string } }>(
    '/api/whitelabel/email-templates/:kind',
    {
      onRequest: guard,
      schema: {
        params: kindParams,
        body: objectSchema({ subject: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' }, body: { type: 'string', minLength: 1, maxLength: 20_000, pattern: '\\S' } }, ['subject', 'body']),
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await db.query(
        `INSERT INTO whitelabel_email_templates (owner_id, kind, subject, body, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (owner_id, kind) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_at = EXCLUDED.updated_at`,
        [owner, request.params.kind, request.body.subject.trim(), request.body.body, clock.now()],
      );
      return { ...say(request, 'whitelabel.template_saved'), data: await view(owner, request.params.kind, request.lang) };
    },
  );

  app.delete<{ Params: { kind: TemplateKind } }>('/api/whitelabel/email-templates/:kind', { onRequest: guard, schema: { params: kindParams } }, async (request) => {
    const owner = await resellerIdOf(db, request);
    const { rowCount } = await db.query('DELETE FROM whitelabel_email_templates WHERE owner_id = $1 AND kind = $2', [owner, request.params.kind]);
    if (rowCount === 0) throw notFound();
    return { ...say(request, 'whitelabel.template_reset'), data: await view(owner, request.params.kind, request.lang) };
  });
}
