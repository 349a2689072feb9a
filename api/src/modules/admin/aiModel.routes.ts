import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { aiBulkActions, aiModelClass, AI_MODEL_CLASSES } from '@leadsmith/shared/constants';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Empty, MessageProperties, StringEnum, Type } from '../../http/contract';
import { say } from '../../http/respond';
import { availableAiModels, choosePlatformAiModel, platformAiModel } from './aiModel.service';
import { adminOnly } from './common';

const ModelState = Type.Object({
  model: Type.String(),
  model_class: StringEnum(AI_MODEL_CLASSES, {
    description: 'gpt-3.5: AI actions run on one result at a time (spec §9)',
  }),
  bulk_actions: Type.Boolean({
    description: 'AI actions may run on a selection of several results or every matching one',
  }),
});
const AdminModelState = Type.Object({
  ...ModelState.properties,
  models: Type.Array(Type.String(), { description: 'What the super admin may pick' }),
});

const state = (model: string) => ({ model, model_class: aiModelClass(model), bulk_actions: aiBulkActions(model) });

/** The AI model the super admin picks (spec §9: with a GPT-3.5-class model there are no bulk AI actions). */
export function aiModelRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/admin/ai-model',
    {
      ...adminOnly(app),
      schema: {
        summary: "The platform's AI model and the models to pick from",
        querystring: Empty,
        response: { 200: AdminModelState },
      },
    },
    async () => ({ ...state(await platformAiModel(db)), models: availableAiModels() }),
  );
  app.put(
    '/api/admin/ai-model',
    {
      ...adminOnly(app),
      schema: {
        summary: "Pick the platform's AI model",
        body: Type.Object({ model: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ ...MessageProperties, ...AdminModelState.properties }) },
      },
    },
    async (request) => {
      const { model, models } = await choosePlatformAiModel(db, request.body.model, currentUser(request).id);
      return { ...say(request, 'admin.ai_model_saved', { model }), ...state(model), models };
    },
  );
}

/** `GET /api/ai-model`: the model every signed-in screen reads (registered outside the admin area, which holds only /api/admin routes). */
export function aiModelReadRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get(
    '/api/ai-model',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: "The platform's AI model and whether bulk AI actions are available",
        querystring: Empty,
        response: { 200: ModelState },
      },
    },
    async () => state(await platformAiModel(db)),
  );
}
