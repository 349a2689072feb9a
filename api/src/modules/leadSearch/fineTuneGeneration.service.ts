import type { Queryable } from '../../db';
import type { Language } from '../../i18n/messages';
import { aiProvider, registerEmbeddedTemplate } from '../../providers/ai';
import { businessVariables, requireProfileFor } from './aiActionJob.service';
import { providerFailure } from '../ai/common';
import {
  BUSINESS_VARIABLE_NAMES,
  builtInDefault,
  isPersonList,
  PROMPT_MAX_LENGTH,
  resultVariableNames,
  type PromptListType,
} from './promptDefaults';

/*
 * The AI assistant's "write it for me": a prompt of a type, written by the AI provider from the business profile.
 * Apart from fineTunes.service.ts, which the AI actions' runner (aiActionJob.ts) reads prompts through, as this
 * reads the business profile through that runner.
 */

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

/** Writes a prompt of a type for a list type from the user's business profile with the AI provider (no transaction open). */
export async function generateFineTune(
  db: Queryable,
  userId: number,
  type: PromptListType,
  promptType: string,
  language: Language,
): Promise<{ prompt: string; provider: string }> {
  const profile = await requireProfileFor(db, userId);
  const allowed = [...resultVariableNames(type), ...BUSINESS_VARIABLE_NAMES].map((n) => `{${n}}`).join(', ');
  const example = builtInDefault(type, promptType).prompt;
  try {
    const answer = await aiProvider().generate({
      task: 'lead_assistant_generate_prompt',
      system:
        'You write instructions (prompts) for an AI that writes sales copy about one lead at a time. Answer with the prompt only. Use placeholders in single braces from this list only: ' +
        allowed,
      prompt: `Business: {business_name}, industry {industry}. What we sell: {products_services}. Who we serve: {target_audience}. What sets us apart: {unique_selling_points}. Write a prompt of type "{prompt_type}" for {list_type} leads, like: ${example.replace(/[{}]/g, '')}`,
      variables: {
        ...businessVariables(profile),
        industry: profile.industry,
        prompt_type: promptType,
        list_type: type,
      },
      maxTokens: 300,
      language,
    });
    return { prompt: answer.text.trim().slice(0, PROMPT_MAX_LENGTH), provider: answer.provider };
  } catch (error) {
    throw providerFailure(error);
  }
}
