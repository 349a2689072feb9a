import type { ApiResponse } from '@leadsmith/shared';

/** Shapes of the AI assistant API (api/src/modules/leadSearch/fineTunes.routes.ts, aiActions.routes.ts). */
export {
  AI_ACTION_LIST_TYPES as AI_LIST_TYPES,
  AI_MAX_PROMPTS,
  PROMPT_MAX_LENGTH,
  PROMPT_TITLE_MAX_LENGTH as TITLE_MAX_LENGTH,
  PROMPT_TYPES,
  type AiActionListType as AiListType,
  type PromptType,
} from '@leadsmith/shared';
import type { PromptType } from '@leadsmith/shared';

/** A prompt of the user (the API's answer, generated from its schema). */
export type FineTune = ApiResponse<'/api/business-details/fine-tunes', 'get'>['data'][number];

/** An AI action's job (the API's answer; every AI list type answers the same shape). */
export type AiJob = ApiResponse<'/api/people-results/{id}/ai-jobs/{jobId}', 'get'>;
export type AiJobStarted = ApiResponse<'/api/people-results/{id}/ai', 'post'>;

/** One generated text on a result: `result.data.ai[<prompt id>]`. */
export interface AiText {
  prompt_id: number;
  prompt_type: PromptType;
  title: string;
  text: string;
  provider: string;
  generated_at: string;
}

/** The AI texts stored on a result, oldest prompt first. */
export function aiTextsOf(data: Record<string, unknown>): AiText[] {
  const ai = data.ai;
  if (!ai || typeof ai !== 'object') return [];
  return Object.values(ai as Record<string, AiText>)
    .filter((x) => x && typeof x.text === 'string')
    .sort((a, b) => a.prompt_id - b.prompt_id);
}

export const assistantKeys = {
  all: ['leadSearch', 'assistant'] as const,
  prompts: (type: string) => ['leadSearch', 'assistant', 'prompts', type] as const,
  variables: (type: string) => ['leadSearch', 'assistant', 'variables', type] as const,
  library: (type: string, search: string, page: number) =>
    ['leadSearch', 'assistant', 'library', type, search, page] as const,
  profile: ['leadSearch', 'assistant', 'profile'] as const,
  job: (type: string, listId: number, jobId: number) =>
    ['leadSearch', 'assistant', 'job', type, listId, jobId] as const,
};
