import { ConfigError } from '../../config';

/** The AI provider's settings, from the environment (api/README.md "AI provider"). */
export interface AiConfig {
  provider: 'embedded' | 'openai-compatible';
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  backoffMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

const raw = (env: Env, key: string): string | undefined => {
  const value = env[key]?.trim();
  return value ? value : undefined;
};

function int(env: Env, key: string, fallback: number, min: number, max: number): number {
  const value = raw(env, key);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new ConfigError(key, `expected an integer between ${min} and ${max}, got "${value}"`);
  return Number(value);
}

/**
 * AI_PROVIDER=embedded|openai (default: openai when AI_BASE_URL is set, else embedded),
 * AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS, AI_MAX_RETRIES, AI_RETRY_BACKOFF_MS.
 * A bad value fails the start with a ConfigError naming the variable.
 */
export function aiConfigFromEnv(env: Env = process.env): AiConfig {
  const baseUrl = raw(env, 'AI_BASE_URL') ?? null;
  if (baseUrl !== null && !/^https?:\/\/[^\s]+$/i.test(baseUrl))
    throw new ConfigError('AI_BASE_URL', 'expected an http:// or https:// URL');
  const chosen = raw(env, 'AI_PROVIDER')?.toLowerCase() ?? (baseUrl ? 'openai' : 'embedded');
  if (chosen !== 'embedded' && chosen !== 'openai')
    throw new ConfigError('AI_PROVIDER', `expected embedded or openai, got "${chosen}"`);
  if (chosen === 'openai' && !baseUrl) throw new ConfigError('AI_BASE_URL', 'must be set when AI_PROVIDER=openai');
  return {
    provider: chosen === 'openai' ? 'openai-compatible' : 'embedded',
    baseUrl,
    apiKey: raw(env, 'AI_API_KEY') ?? null,
    model: raw(env, 'AI_MODEL') ?? 'gpt-4o-mini',
    timeoutMs: int(env, 'AI_TIMEOUT_MS', 30_000, 100, 600_000),
    maxRetries: int(env, 'AI_MAX_RETRIES', 2, 0, 10),
    backoffMs: int(env, 'AI_RETRY_BACKOFF_MS', 500, 0, 60_000),
  };
}
