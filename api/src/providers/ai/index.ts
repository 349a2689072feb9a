import { aiConfigFromEnv, type AiConfig } from './config';
import { createEmbeddedProvider } from './embedded';
import { createOpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openaiCompatible';
import type { AiProvider } from './types';

export * from './types';
export { aiConfigFromEnv, type AiConfig } from './config';
export { createEmbeddedProvider, registerEmbeddedTemplate, type EmbeddedTemplate } from './embedded';
export { createOpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openaiCompatible';

/** The provider a configuration selects. `overrides` lets tests inject sleep/fetch. */
export function createAiProvider(
  config: AiConfig,
  overrides: Pick<OpenAiCompatibleOptions, 'sleep' | 'fetch'> = {},
): AiProvider {
  if (config.provider === 'embedded' || !config.baseUrl) return createEmbeddedProvider();
  return createOpenAiCompatibleProvider({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    model: config.model,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    backoffMs: config.backoffMs,
    ...overrides,
  });
}

let current: AiProvider | null = null;

/**
 * The provider every AI feature calls: `await aiProvider().generate({ task, system, prompt, variables, maxTokens })`.
 * Built from the environment on first use.
 */
export function aiProvider(): AiProvider {
  current ??= createAiProvider(aiConfigFromEnv());
  return current;
}

/** Replaces the provider (at start-up, or in a test). Returns an undo. */
export function setAiProvider(provider: AiProvider): () => void {
  const previous = current;
  current = provider;
  return () => {
    current = previous;
  };
}
