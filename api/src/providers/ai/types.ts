import type { Language, MessageCode } from '../../i18n/messages';

/**
 * One text-generation request. Every AI feature (AI training, ICP suggestions, the lead-search AI
 * assistant, AI actions on results, the admin AI assistant) goes through `AiProvider.generate`.
 *
 * - `task` names what is asked (e.g. `icp_suggestions`): the embedded engine picks its template by it;
 *   a real model ignores it.
 * - `prompt` (and `system`) may hold `{name}` placeholders, filled from `variables` before sending.
 */
export interface GenerateRequest {
  task: string;
  system?: string;
  prompt: string;
  variables?: Readonly<Record<string, string>>;
  /** Upper bound of the answer's length (tokens). Default 800. */
  maxTokens?: number;
  /** Language the answer should be written in. Default en. */
  language?: Language;
  /** The answer must be a JSON document (asked of the model; the embedded templates answer JSON for such tasks). */
  json?: boolean;
  /** The model to ask (the super admin's choice, ai_model_setting); default the provider's configured one. */
  model?: string;
}

export interface GenerateResult {
  text: string;
  /** `embedded` or `openai-compatible`. */
  provider: AiProviderId;
  model: string;
  usage: { promptTokens: number; completionTokens: number };
}

export type AiProviderId = 'embedded' | 'openai-compatible';

export interface AiEngineInfo {
  provider: AiProviderId;
  /** True for the built-in deterministic engine: the UI says so. */
  embedded: boolean;
  model: string;
}

export interface AiProvider {
  readonly info: AiEngineInfo;
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

/** Why a provider call failed; the code is an API message (`ai.*`) and `status` the HTTP status the API answers with. */
export class AiProviderError extends Error {
  constructor(
    readonly code: Extract<MessageCode, `ai.provider_${string}`>,
    readonly status: 502 | 503 | 504,
    readonly detail: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'AiProviderError';
  }
}

/** `{name}` placeholders filled from `variables`; unknown names stay as they are. */
export function fillPlaceholders(text: string, variables: Readonly<Record<string, string>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(variables, name) ? variables[name]! : whole,
  );
}

/**
 * Rough token count of a text (about 4 characters per token for English prose, as
 * OpenAI documents; at least one token per word-like run). Used for estimates only.
 */
export function estimateTokens(text: string): number {
  if (!text) return 0;
  const byChars = Math.ceil(text.length / 4);
  const words = text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
  return Math.max(byChars, Math.ceil(words * 0.75));
}
