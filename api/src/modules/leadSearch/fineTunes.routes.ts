import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  DEFAULT_PAGE_SIZE,
  Defaulted,
  IdParams,
  MAX_PAGE_SIZE,
  MessageProperties,
  Nullable,
  Page,
  PageQueryProperties,
  pageOf,
  StringEnum,
  Type,
} from '../../http/contract';
import { say } from '../../http/respond';
import { fineTunePage, libraryPage } from './fineTunes.repository';
import {
  copyLibraryPrompt,
  createFineTune,
  defaultsFor,
  editFineTune,
  ensureStandardPrompts,
  removeFineTune,
  resetFineTune,
  toFineTuneDto,
} from './fineTunes.service';
import { generateFineTune } from './fineTuneGeneration.service';
import {
  BUSINESS_VARIABLE_NAMES,
  PROMPT_LIST_TYPES,
  PROMPT_MAX_LENGTH,
  PROMPT_TITLE_MAX_LENGTH,
  PROMPT_TYPES,
  resultVariableNames,
  STANDARD_PROMPT_TYPES,
} from './promptDefaults';

const listType = StringEnum(PROMPT_LIST_TYPES);
/** A list type asked for in a query: people unless given. */
const listTypeOrPeople = Defaulted(StringEnum(PROMPT_LIST_TYPES, { default: 'people' }));
const promptType = StringEnum(PROMPT_TYPES);
const title = Type.String({ minLength: 1, maxLength: PROMPT_TITLE_MAX_LENGTH, pattern: '\\S' });
const promptText = Type.String({ minLength: 1, maxLength: PROMPT_MAX_LENGTH, pattern: '\\S' });
/** The one page query; the prompt list keeps its larger default page (the screen asks for all of a type). */
const pageQuery = (defaultSize: number) => ({
  page: Defaulted(PageQueryProperties.page),
  pageSize: Defaulted(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultSize })),
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

/**
 * The AI assistant's prompts (spec §7 fine-tune calls, under /api/business-details): the user's prompts
 * by list type and prompt type, defaults, the prompt library, variables and generation from the
 * business profile. Every row is the signed-in user's: another account's id → 404.
 */
export function fineTuneRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/business-details/fine-tunes',
    {
      ...guard,
      schema: {
        summary: "The user's AI prompts of a list type (standard ones first made on demand)",
        querystring: Type.Object(
          {
            type: listTypeOrPeople,
            prompt_type: Type.Optional(promptType),
            show_default: Type.Optional(Type.Boolean()),
            ...pageQuery(50),
          },
          { additionalProperties: false },
        ),
        response: { 200: Page(FineTune) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const q = request.query;
      await ensureStandardPrompts(db, userId, q.type);
      const { rows, total } = await fineTunePage(db, userId, q, STANDARD_PROMPT_TYPES);
      const defaults = await defaultsFor(db, q.type);
      return pageOf(
        rows.map((r) => toFineTuneDto(r, defaults, q.show_default)),
        q,
        total,
      );
    },
  );

  app.post(
    '/api/business-details/fine-tunes',
    {
      ...guard,
      schema: {
        summary: 'Creates an AI prompt',
        body: Type.Object(
          { type: listType, prompt_type: promptType, title, prompt: promptText },
          { additionalProperties: false },
        ),
        response: { 201: FineTuneAnswer },
      },
    },
    async (request, reply) => {
      const fineTune = await createFineTune(db, currentUser(request).id, request.body);
      reply.code(201);
      return { ...say(request, 'leadSearch.assistant.prompt_created'), fine_tune: fineTune };
    },
  );

  app.put(
    '/api/business-details/fine-tunes/:id',
    {
      ...guard,
      schema: {
        summary: "Changes an AI prompt's title or text",
        params: IdParams,
        body: Type.Object(
          { title: Type.Optional(title), prompt: Type.Optional(promptText) },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: FineTuneAnswer },
      },
    },
    async (request) => ({
      ...say(request, 'leadSearch.assistant.prompt_saved'),
      fine_tune: await editFineTune(db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/business-details/fine-tunes/:id/reset',
    {
      ...guard,
      schema: {
        summary: 'Resets a standard prompt to its default',
        params: IdParams,
        response: { 200: FineTuneAnswer },
      },
    },
    async (request) => ({
      ...say(request, 'leadSearch.assistant.prompt_reset'),
      fine_tune: await resetFineTune(db, currentUser(request).id, request.params.id),
    }),
  );

  const deleteSchema = {
    summary: 'Deletes a prompt (a standard one is reset instead)',
    params: IdParams,
    response: { 200: Type.Object({ ...MessageProperties, reset: Type.Boolean() }) },
  };
  app.delete('/api/business-details/fine-tunes/:id', { ...guard, schema: deleteSchema }, async (request) => {
    const { reset } = await removeFineTune(db, currentUser(request).id, request.params.id);
    return {
      ...say(request, reset ? 'leadSearch.assistant.prompt_reset' : 'leadSearch.assistant.prompt_deleted'),
      reset,
    };
  });

  app.get(
    '/api/business-details/get-fine-tunes-variables',
    {
      ...guard,
      schema: {
        summary: 'The placeholders a prompt of a list type may use',
        querystring: Type.Object({ type: listTypeOrPeople }, { additionalProperties: false }),
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

  app.post(
    '/api/business-details/generateFineTune',
    {
      ...guard,
      schema: {
        summary: 'Writes a prompt from the business profile with the AI provider',
        body: Type.Object({ type: listType, prompt_type: promptType }, { additionalProperties: false }),
        response: { 200: Type.Object({ ...MessageProperties, prompt: Type.String(), provider: Type.String() }) },
      },
    },
    async (request) => {
      const { type, prompt_type } = request.body;
      const generated = await generateFineTune(db, currentUser(request).id, type, prompt_type, request.lang);
      return { ...say(request, 'leadSearch.assistant.generated'), ...generated };
    },
  );

  app.get(
    '/api/business-details/get-fine-tunes-library',
    {
      ...guard,
      schema: {
        summary: "The prompt library (the super admin's prompts first, then the built-in ones)",
        querystring: Type.Object(
          {
            type: Type.Optional(listType),
            search: Defaulted(Type.String({ maxLength: 100, default: '' })),
            ...pageQuery(DEFAULT_PAGE_SIZE),
          },
          { additionalProperties: false },
        ),
        response: { 200: Page(LibraryPrompt) },
      },
    },
    async (request) => {
      const { rows, total } = await libraryPage(db, currentUser(request).id, request.query);
      return pageOf(rows, request.query, total);
    },
  );

  app.post(
    '/api/business-details/use-fine-tunes-library/:id',
    {
      ...guard,
      schema: {
        summary: "Copies a library prompt into the user's prompts",
        params: IdParams,
        querystring: Type.Object(
          { source: Defaulted(StringEnum(['builtin', 'admin'] as const, { default: 'builtin' })) },
          { additionalProperties: false },
        ),
        response: { 201: FineTuneAnswer },
      },
    },
    async (request, reply) => {
      const { item, fine_tune } = await copyLibraryPrompt(
        db,
        currentUser(request).id,
        request.query.source,
        request.params.id,
      );
      reply.code(201);
      return { ...say(request, 'leadSearch.assistant.library_used', { title: item.title }), fine_tune };
    },
  );
}
