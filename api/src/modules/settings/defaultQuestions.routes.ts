import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, Type } from '../../http/contract';
import { LANGUAGES, type Language } from '../../i18n/messages';
import { requestAccountId } from './account.schemas';

/**
 * The default questions of the AI training (spec §7 `GET /api/get-all-openai-default-questions`): what the
 * assistant needs to know about a business, asked of every account. An answer is a Q&A of the business
 * profile's training data (`settings_training_qa`) whose question is one of these in any language, so a
 * user who switches language still sees a question answered. Decided in ADR 023.
 */
export const DEFAULT_QUESTIONS: readonly { key: string; text: Readonly<Record<Language, string>> }[] = [
  {
    key: 'what_you_do',
    text: {
      en: 'What does your business do, in one or two sentences?',
      es: '¿Qué hace su empresa, en una o dos frases?',
      fr: 'Que fait votre entreprise, en une ou deux phrases ?',
      de: 'Was macht Ihr Unternehmen, in ein oder zwei Sätzen?',
    },
  },
  {
    key: 'ideal_customer',
    text: {
      en: 'Who is your ideal customer?',
      es: '¿Quién es su cliente ideal?',
      fr: 'Qui est votre client idéal ?',
      de: 'Wer ist Ihr idealer Kunde?',
    },
  },
  {
    key: 'problems_solved',
    text: {
      en: 'Which problems do you solve for your customers?',
      es: '¿Qué problemas resuelve a sus clientes?',
      fr: 'Quels problèmes résolvez-vous pour vos clients ?',
      de: 'Welche Probleme lösen Sie für Ihre Kunden?',
    },
  },
  {
    key: 'difference',
    text: {
      en: 'What makes you different from your competitors?',
      es: '¿Qué le diferencia de sus competidores?',
      fr: 'Qu’est-ce qui vous distingue de vos concurrents ?',
      de: 'Was unterscheidet Sie von Ihren Mitbewerbern?',
    },
  },
  {
    key: 'offer_and_price',
    text: {
      en: 'What are your main products or services, and what do they cost?',
      es: '¿Cuáles son sus principales productos o servicios y cuánto cuestan?',
      fr: 'Quels sont vos principaux produits ou services, et combien coûtent-ils ?',
      de: 'Was sind Ihre wichtigsten Produkte oder Leistungen, und was kosten sie?',
    },
  },
  {
    key: 'results',
    text: {
      en: 'Which results have your customers achieved with you?',
      es: '¿Qué resultados han conseguido sus clientes con usted?',
      fr: 'Quels résultats vos clients ont-ils obtenus avec vous ?',
      de: 'Welche Ergebnisse haben Ihre Kunden mit Ihnen erzielt?',
    },
  },
  {
    key: 'objections',
    text: {
      en: 'Which objections do prospects raise, and how do you answer them?',
      es: '¿Qué objeciones plantean los prospectos y cómo las responde?',
      fr: 'Quelles objections les prospects soulèvent-ils, et comment y répondez-vous ?',
      de: 'Welche Einwände haben Interessenten, und wie beantworten Sie sie?',
    },
  },
  {
    key: 'next_step',
    text: {
      en: 'What should a prospect do next to work with you?',
      es: '¿Qué debe hacer un prospecto para empezar a trabajar con usted?',
      fr: 'Que doit faire un prospect pour commencer à travailler avec vous ?',
      de: 'Was sollte ein Interessent als Nächstes tun, um mit Ihnen zu arbeiten?',
    },
  },
];

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

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

export function defaultQuestionRoutes(app: FastifyInstance, { db }: AppDeps, auth: onRequestAsyncHookHandler): void {
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
      const byText = new Map<string, string>();
      for (const q of DEFAULT_QUESTIONS) for (const lang of LANGUAGES) byText.set(normalise(q.text[lang]), q.key);
      const answers = new Map<string, number>();
      // Only the rows that are default questions (the same normalising in SQL as in normalise()).
      const { rows } = await db.query<{ id: number; question: string }>(
        `SELECT id, question FROM settings_training_qa
          WHERE user_id = $1 AND regexp_replace(lower(btrim(question)), '\\s+', ' ', 'g') IN (SELECT jsonb_array_elements_text($2::jsonb)) ORDER BY id`,
        [accountId, JSON.stringify([...byText.keys()])],
      );
      for (const row of rows) {
        const key = byText.get(normalise(row.question));
        if (key && !answers.has(key)) answers.set(key, row.id);
      }
      const data = DEFAULT_QUESTIONS.map((q) => ({
        key: q.key,
        question: q.text[request.lang],
        answered: answers.has(q.key),
        qa_id: answers.get(q.key) ?? null,
      }));
      return { data, answered: answers.size, total: data.length };
    },
  );
}
