import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MessageProperties,
  Nullable,
  Page,
  PageQueryProperties,
  pageOf,
  StringEnum,
  Type,
} from '../../http/contract';
import { aiProvider, registerEmbeddedTemplate } from '../../providers/ai';
import { providerFailure } from '../../modules/ai/common';
import { say } from '../respond';
import { businessVariables, requireProfileFor } from './aiActionJob';
import {
  defaultsFor,
  ensureStandardPrompts,
  FINE_TUNE_COLUMNS,
  loadFineTune,
  promptNotFound,
  toFineTuneDto,
  type FineTuneRow,
} from './fineTunesStore';
import {
  AI_ACTION_LIST_TYPES,
  BUSINESS_VARIABLE_NAMES,
  builtInDefault,
  isPersonList,
  PROMPT_LIST_TYPES,
  PROMPT_MAX_LENGTH,
  PROMPT_TYPES,
  resultVariableNames,
  STANDARD_PROMPT_TYPES,
  type PromptListType,
} from './promptDefaults';

/** Most extra prompts (own and library copies) a user keeps per list type. */
export const MAX_EXTRA_PROMPTS = 50;

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
const listType = { type: 'string', enum: PROMPT_LIST_TYPES } as const;
const title = { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' } as const;
const promptText = { type: 'string', minLength: 1, maxLength: PROMPT_MAX_LENGTH, pattern: '\\S' } as const;
/** The one page query; the prompt list keeps its larger default page (the screen asks for all of a type). */
const pageQuery = (defaultSize: number) => ({
  page: PageQueryProperties.page,
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultSize }),
});

const DateTime = () => Type.String({ format: 'date-time' });
const FineTune = Type.Object({
  id: Type.Integer(),
  list_type: StringEnum(PROMPT_LIST_TYPES),
  prompt_type: StringEnum(PROMPT_TYPES),
  standard: Type.Boolean({
    description: 'The one prompt of its type the user has per list type (it can be reset, not deleted).',
  }),
  customized: Type.Boolean({ description: 'A standard prompt whose text the user changed.' }),
  title: Type.String(),
  prompt: Type.String(),
  library_id: Nullable(
    Type.Integer({
      description: 'The library prompt this is a copy of (library_source says which part of the library).',
    }),
  ),
  library_source: Nullable(StringEnum(['builtin', 'admin'] as const)),
  default_title: Type.Optional(
    Type.String({ description: 'Standard prompts only, with show_default: the default they reset to.' }),
  ),
  default_prompt: Type.Optional(Type.String()),
  created_at: DateTime(),
  updated_at: DateTime(),
});
const FineTuneAnswer = Type.Object({ ...MessageProperties, fine_tune: FineTune });
/** The lead-search lists' page envelope (not yet the one `{ data, currentPage, pageSize, total }`). */
const LibraryPrompt = Type.Object({
  source: StringEnum(['admin', 'builtin'] as const),
  id: Type.Integer(),
  title: Type.String(),
  list_type: StringEnum(PROMPT_LIST_TYPES),
  description: Type.String(),
  prompt: Type.String(),
  used: Type.Boolean({ description: 'The user already has a copy of it.' }),
});

// generateFineTune on the embedded engine: a prompt for the type, built from the business profile.
const GOALS: Record<string, string> = {
  summary: 'Summarise in two sentences who {lead} is and why they could need',
  first_line: 'Write a personal, one-sentence first line of a cold email to {lead} that leads into',
  subject: 'Write an email subject under 8 words for {lead} about',
  direct: 'Write a short direct email to {lead}, ending with one question, offering',
  similar: 'Name the kind of organisations similar to {lead} that would also need',
  competitor: 'Explain in two sentences how {lead} can beat its competitors with',
  supplier: 'Explain in two sentences why {lead} should choose us as a supplier of',
  custom: 'Write one helpful sentence for {lead} about',
  library: 'Write one helpful sentence for {lead} about',
};
registerEmbeddedTemplate('lead_assistant_generate_prompt', (v) => {
  const person = isPersonList(v.list_type ?? '');
  const lead = person ? '{first_name} ({job_title} at {company})' : '{name} in {city}';
  const goal = (GOALS[v.prompt_type ?? 'custom'] ?? GOALS.custom!).replace('{lead}', lead);
  const offer = (v.products_services ?? '').split(/[.\n]/)[0]!.trim().toLowerCase() || 'our services';
  const audience = (v.target_audience ?? '').split(/[.\n]/)[0]!.trim().toLowerCase();
  const usp = (v.unique_selling_points ?? '').split(/[.\n]/)[0]!.trim();
  return [
    `We are {business_name}${v.industry ? ` (${v.industry})` : ''}.`,
    `${goal} ${offer}.`,
    audience ? `We serve ${audience}.` : '',
    usp ? `Mention what sets us apart: ${usp}.` : '',
    'Keep a warm, professional tone.',
  ]
    .filter(Boolean)
    .join(' ');
});

/**
 * The AI assistant's prompts (spec §7 fine-tune calls, under /api/business-details): the user's prompts
 * by list type and prompt type, defaults, the prompt library, variables and generation from the
 * business profile. Every row is the signed-in user's: another account's id → 404.
 */
export function fineTuneRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get<{
    Querystring: { type: PromptListType; prompt_type?: string; show_default?: boolean; page: number; pageSize: number };
  }>(
    '/api/business-details/fine-tunes',
    {
      ...guard,
      schema: {
        summary: "The user's AI prompts of a list type (standard ones first made on demand)",
        querystring: objectSchema({
          type: { ...listType, default: 'people' },
          prompt_type: { type: 'string', enum: PROMPT_TYPES },
          show_default: { type: 'boolean' },
          ...pageQuery(50),
        }),
        response: { 200: Page(FineTune) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const q = request.query;
      await ensureStandardPrompts(db, userId, q.type);
      const params: (string | number)[] = [userId, q.type];
      let where = 'user_id = $1 AND list_type = $2';
      if (q.prompt_type) {
        params.push(q.prompt_type);
        where += ` AND prompt_type = $${params.length}`;
      }
      const order = `CASE WHEN standard THEN array_position($${params.length + 1}::text[], prompt_type) ELSE 100 END, id`;
      const total = (
        await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lead_fine_tunes WHERE ${where}`, params)
      ).rows[0]!.n;
      const rows = (
        await db.query<FineTuneRow>(
          `SELECT ${FINE_TUNE_COLUMNS} FROM lead_fine_tunes WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
          [...params, `{${STANDARD_PROMPT_TYPES.join(',')}}`],
        )
      ).rows;
      const defaults = await defaultsFor(db, q.type);
      return pageOf(
        rows.map((r) => toFineTuneDto(r, defaults, q.show_default)),
        q,
        total,
      );
    },
  );

  async function countExtras(userId: number, type: string): Promise<number> {
    return (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM lead_fine_tunes WHERE user_id = $1 AND list_type = $2 AND NOT standard',
        [userId, type],
      )
    ).rows[0]!.n;
  }

  app.post<{ Body: { type: PromptListType; prompt_type: string; title: string; prompt: string } }>(
    '/api/business-details/fine-tunes',
    {
      ...guard,
      schema: {
        summary: 'Creates an AI prompt',
        body: objectSchema(
          { type: listType, prompt_type: { type: 'string', enum: PROMPT_TYPES }, title, prompt: promptText },
          ['type', 'prompt_type', 'title', 'prompt'],
        ),
        response: { 201: FineTuneAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const b = request.body;
      if ((await countExtras(userId, b.type)) >= MAX_EXTRA_PROMPTS)
        throw unprocessable('leadSearch.assistant.too_many', 'title', { max: MAX_EXTRA_PROMPTS });
      const row = (
        await db.query<FineTuneRow>(
          `INSERT INTO lead_fine_tunes (user_id, list_type, prompt_type, standard, title, prompt) VALUES ($1, $2, $3, false, $4, $5) RETURNING ${FINE_TUNE_COLUMNS}`,
          [userId, b.type, b.prompt_type, b.title.trim(), b.prompt.trim()],
        )
      ).rows[0]!;
      reply.code(201);
      return {
        ...say(request, 'leadSearch.assistant.prompt_created'),
        fine_tune: toFineTuneDto(row, await defaultsFor(db, row.list_type), true),
      };
    },
  );

  app.put<{ Params: { id: number }; Body: { title?: string; prompt?: string } }>(
    '/api/business-details/fine-tunes/:id',
    {
      ...guard,
      schema: {
        summary: "Changes an AI prompt's title or text",
        params: idParams,
        body: { ...objectSchema({ title, prompt: promptText }), minProperties: 1 },
        response: { 200: FineTuneAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await loadFineTune(db, userId, request.params.id);
      const b = request.body;
      const row = (
        await db.query<FineTuneRow>(
          `UPDATE lead_fine_tunes SET title = COALESCE($3, title), prompt = COALESCE($4, prompt), updated_at = now()
            WHERE id = $1 AND user_id = $2 RETURNING ${FINE_TUNE_COLUMNS}`,
          [request.params.id, userId, b.title?.trim() ?? null, b.prompt?.trim() ?? null],
        )
      ).rows[0];
      if (!row) throw promptNotFound();
      // A standard prompt edited without a title keeps showing the default title: store it so it stays.
      return {
        ...say(request, 'leadSearch.assistant.prompt_saved'),
        fine_tune: toFineTuneDto(row, await defaultsFor(db, row.list_type), true),
      };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/business-details/fine-tunes/:id/reset',
    {
      ...guard,
      schema: {
        summary: 'Resets a standard prompt to its default',
        params: idParams,
        response: { 200: FineTuneAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const existing = await loadFineTune(db, userId, request.params.id);
      if (!existing.standard) throw unprocessable('leadSearch.assistant.not_standard', 'id');
      const row = (
        await db.query<FineTuneRow>(
          `UPDATE lead_fine_tunes SET title = NULL, prompt = NULL, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING ${FINE_TUNE_COLUMNS}`,
          [existing.id, userId],
        )
      ).rows[0]!;
      return {
        ...say(request, 'leadSearch.assistant.prompt_reset'),
        fine_tune: toFineTuneDto(row, await defaultsFor(db, row.list_type), true),
      };
    },
  );

  const deleteSchema = {
    summary: 'Deletes a prompt (a standard one is reset instead)',
    params: idParams,
    response: { 200: Type.Object({ ...MessageProperties, reset: Type.Boolean() }) },
  };
  app.delete<{ Params: { id: number } }>(
    '/api/business-details/fine-tunes/:id',
    { ...guard, schema: deleteSchema },
    async (request) => {
      const userId = currentUser(request).id;
      const existing = await loadFineTune(db, userId, request.params.id);
      if (existing.standard) {
        // The standard prompt of a type cannot go away: deleting it brings the default back.
        await db.query(
          'UPDATE lead_fine_tunes SET title = NULL, prompt = NULL, updated_at = now() WHERE id = $1 AND user_id = $2',
          [existing.id, userId],
        );
        return { ...say(request, 'leadSearch.assistant.prompt_reset'), reset: true };
      }
      await db.query('DELETE FROM lead_fine_tunes WHERE id = $1 AND user_id = $2', [existing.id, userId]);
      return { ...say(request, 'leadSearch.assistant.prompt_deleted'), reset: false };
    },
  );

  app.get<{ Querystring: { type: PromptListType } }>(
    '/api/business-details/get-fine-tunes-variables',
    {
      ...guard,
      schema: {
        summary: 'The placeholders a prompt of a list type may use',
        querystring: objectSchema({ type: { ...listType, default: 'people' } }),
        response: {
          200: Type.Object({
            type: StringEnum(PROMPT_LIST_TYPES),
            result: Type.Array(Type.String()),
            business: Type.Array(Type.String()),
          }),
        },
      },
    },
    async (request) => ({
      type: request.query.type,
      result: resultVariableNames(request.query.type),
      business: [...BUSINESS_VARIABLE_NAMES],
    }),
  );

  app.post<{ Body: { type: PromptListType; prompt_type: string } }>(
    '/api/business-details/generateFineTune',
    {
      ...guard,
      schema: {
        summary: 'Writes a prompt from the business profile with the AI provider',
        body: objectSchema({ type: listType, prompt_type: { type: 'string', enum: PROMPT_TYPES } }, [
          'type',
          'prompt_type',
        ]),
        response: { 200: Type.Object({ ...MessageProperties, prompt: Type.String(), provider: Type.String() }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const profile = await requireProfileFor(db, userId);
      const { type, prompt_type } = request.body;
      const allowed = [...resultVariableNames(type), ...BUSINESS_VARIABLE_NAMES].map((n) => `{${n}}`).join(', ');
      const example = builtInDefault(type, prompt_type).prompt;
      try {
        const answer = await aiProvider().generate({
          task: 'lead_assistant_generate_prompt',
          system:
            'You write instructions (prompts) for an AI that writes sales copy about one lead at a time. Answer with the prompt only. Use placeholders in single braces from this list only: ' +
            allowed,
          prompt: `Business: {business_name}, industry {industry}. What we sell: {products_services}. Who we serve: {target_audience}. What sets us apart: {unique_selling_points}. Write a prompt of type "{prompt_type}" for {list_type} leads, like: ${example.replace(/[{}]/g, '')}`,
          variables: { ...businessVariables(profile), industry: profile.industry, prompt_type, list_type: type },
          maxTokens: 300,
          language: request.lang,
        });
        return {
          ...say(request, 'leadSearch.assistant.generated'),
          prompt: answer.text.trim().slice(0, PROMPT_MAX_LENGTH),
          provider: answer.provider,
        };
      } catch (error) {
        throw providerFailure(error);
      }
    },
  );

  // The library: a super admin's active library prompts (admin → AI assistant → library) first, then the built-in ones;
  // only list types with the 'ai' action, where a copy can be used.
  const LIBRARY = `
    SELECT 'admin' AS source, 0 AS part, a.id, a.title, a.list_type, '' AS description, a.prompt FROM admin_default_prompts a
     WHERE a.prompt_type = 'library' AND a.active AND a.list_type = ANY('{${AI_ACTION_LIST_TYPES.join(',')}}'::text[])
    UNION ALL
    SELECT 'builtin', 1, l.id, l.title, l.list_type, l.description, l.prompt FROM lead_prompt_library l
     WHERE l.list_type = ANY('{${AI_ACTION_LIST_TYPES.join(',')}}'::text[])`;
  type LibraryItem = {
    source: 'admin' | 'builtin';
    id: number;
    title: string;
    list_type: PromptListType;
    description: string;
    prompt: string;
  };

  app.get<{ Querystring: { type?: PromptListType; search: string; page: number; pageSize: number } }>(
    '/api/business-details/get-fine-tunes-library',
    {
      ...guard,
      schema: {
        summary: "The prompt library (the super admin's prompts first, then the built-in ones)",
        querystring: objectSchema({
          type: listType,
          search: { type: 'string', maxLength: 100, default: '' },
          ...pageQuery(DEFAULT_PAGE_SIZE),
        }),
        response: { 200: Page(LibraryPrompt) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const q = request.query;
      const params: (string | number)[] = [userId];
      const where: string[] = [];
      if (q.type) {
        params.push(q.type);
        where.push(`x.list_type = $${params.length}`);
      }
      if (q.search.trim()) {
        params.push(`%${q.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
        where.push(`(x.title ILIKE $${params.length} OR x.prompt ILIKE $${params.length})`);
      }
      const sql = `WHERE $1::int IS NOT NULL${where.map((w) => ` AND ${w}`).join('')}`;
      const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${LIBRARY}) x ${sql}`, params))
        .rows[0]!.n;
      const rows = (
        await db.query<LibraryItem & { used: boolean }>(
          `SELECT x.source, x.id, x.title, x.list_type, x.description, x.prompt,
                  EXISTS (SELECT 1 FROM lead_fine_tunes f WHERE f.user_id = $1
                           AND CASE WHEN x.source = 'admin' THEN f.admin_prompt_id = x.id ELSE f.library_id = x.id END) AS used
             FROM (${LIBRARY}) x ${sql} ORDER BY x.part, x.list_type, x.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
          params,
        )
      ).rows;
      return pageOf(rows, q, total);
    },
  );

  app.post<{ Params: { id: number }; Querystring: { source: 'builtin' | 'admin' } }>(
    '/api/business-details/use-fine-tunes-library/:id',
    {
      ...guard,
      schema: {
        summary: "Copies a library prompt into the user's prompts",
        params: idParams,
        querystring: objectSchema({ source: { type: 'string', enum: ['builtin', 'admin'], default: 'builtin' } }),
        response: { 201: FineTuneAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const item = (
        await db.query<LibraryItem>(`SELECT * FROM (${LIBRARY}) x WHERE x.source = $1 AND x.id = $2`, [
          request.query.source,
          request.params.id,
        ])
      ).rows[0];
      if (!item) throw promptNotFound();
      if ((await countExtras(userId, item.list_type)) >= MAX_EXTRA_PROMPTS)
        throw unprocessable('leadSearch.assistant.too_many', 'id', { max: MAX_EXTRA_PROMPTS });
      const row = (
        await db.query<FineTuneRow>(
          `INSERT INTO lead_fine_tunes (user_id, list_type, prompt_type, standard, title, prompt, library_id, admin_prompt_id)
           VALUES ($1, $2, 'library', false, $3, $4, $5, $6) RETURNING ${FINE_TUNE_COLUMNS}`,
          [
            userId,
            item.list_type,
            item.title,
            item.prompt,
            item.source === 'builtin' ? item.id : null,
            item.source === 'admin' ? item.id : null,
          ],
        )
      ).rows[0]!;
      reply.code(201);
      return {
        ...say(request, 'leadSearch.assistant.library_used', { title: item.title }),
        fine_tune: toFineTuneDto(row, await defaultsFor(db, row.list_type)),
      };
    },
  );
}
