import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, Type } from '../../http/contract';
import { requestAccountId } from './account.routes';
import { defaultQuestionsFor } from './defaultQuestions.service';

const DefaultQuestion = Type.Object({
  key: Type.String({ description: 'Stable name of the question' }),
  question: Type.String({ description: "The question in the user's language (User-Language)" }),
  answered: Type.Boolean({ description: "The account's Q&A training data holds an answer to it (in any language)" }),
  qa_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The Q&A that answers it' }),
});
const DefaultQuestions = Type.Object({
  data: Type.Array(DefaultQuestion),
  answered: Type.Integer(),
  total: Type.Integer(),
});

export function defaultQuestionRoutes(api: FastifyInstance, { db }: AppDeps, auth: onRequestAsyncHookHandler): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/get-all-openai-default-questions',
    {
      onRequest: auth,
      schema: {
        summary: "The AI training's default questions, in your language, each with whether your Q&A answers it",
        querystring: Empty,
        response: { 200: DefaultQuestions },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const data = await defaultQuestionsFor(db, accountId, request.lang);
      return { data, answered: data.filter((q) => q.answered).length, total: data.length };
    },
  );
}
