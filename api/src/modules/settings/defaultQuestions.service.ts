import type { Queryable } from '../../db';
import { LANGUAGES, type Language } from '../../i18n/messages';
import { qaAnswering } from './defaultQuestions.repository';

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

/**
 * Each default question in `lang`, with the account's Q&A that answers it (in any language): the first, by id,
 * whose question is one of its texts once normalised.
 */
export async function defaultQuestionsFor(
  db: Queryable,
  accountId: number,
  lang: Language,
): Promise<{ key: string; question: string; answered: boolean; qa_id: number | null }[]> {
  const byText = new Map<string, string>();
  for (const q of DEFAULT_QUESTIONS) for (const l of LANGUAGES) byText.set(normalise(q.text[l]), q.key);
  const answers = new Map<string, number>();
  // Only the rows that are default questions (the same normalising in SQL as in normalise()).
  for (const row of await qaAnswering(db, accountId, [...byText.keys()])) {
    const key = byText.get(normalise(row.question));
    if (key && !answers.has(key)) answers.set(key, row.id);
  }
  return DEFAULT_QUESTIONS.map((q) => ({
    key: q.key,
    question: q.text[lang],
    answered: answers.has(q.key),
    qa_id: answers.get(q.key) ?? null,
  }));
}
