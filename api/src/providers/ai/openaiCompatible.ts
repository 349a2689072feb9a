import type { Language } from '../../i18n/messages';
import {
  AiProviderError,
  estimateTokens,
  fillPlaceholders,
  type AiProvider,
  type GenerateRequest,
  type GenerateResult,
} from './types';

export interface OpenAiCompatibleOptions {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when given (local servers often need none). */
  apiKey: string | null;
  model: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Extra attempts after a 429, a 5xx or a refused connection. */
  maxRetries: number;
  /** First backoff; doubles on each retry; a Retry-After header wins (both capped by maxBackoffMs). */
  backoffMs: number;
  maxBackoffMs?: number;
  /** Injected so tests retry instantly. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface ChatCompletion {
  choices?: { message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  model?: string;
}

/** Retry-After in seconds (number form or HTTP date), or null. */
function retryAfterSeconds(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Adapter for any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style gateways,
 * vLLM, Ollama, LM Studio…). Bounded: each attempt has a timeout; 429 and 5xx answers (and
 * refused connections) are retried `maxRetries` times with backoff; a timeout is not retried
 * (the user would wait several timeouts). Every failure is an AiProviderError with an API message code.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const sleep = options.sleep ?? realSleep;
  const doFetch = options.fetch ?? fetch;
  const maxBackoff = options.maxBackoffMs ?? 10_000;

  async function attempt(
    body: string,
  ): Promise<{ kind: 'ok'; data: ChatCompletion } | { kind: 'retry'; error: AiProviderError; waitMs: number }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body,
        signal: controller.signal,
      });
    } catch (error) {
      clearTimeout(timer);
      if (controller.signal.aborted)
        throw new AiProviderError('ai.provider_timeout', 504, `no answer within ${options.timeoutMs} ms`);
      return {
        kind: 'retry',
        error: new AiProviderError('ai.provider_unavailable', 502, `connection failed: ${(error as Error).message}`),
        waitMs: 0,
      };
    }
    try {
      const text = await response.text();
      if (response.status === 429 || response.status >= 500) {
        const after = retryAfterSeconds(response.headers.get('retry-after'), Date.now());
        const error =
          response.status === 429
            ? new AiProviderError('ai.provider_rate_limited', 503, 'rate limited (429)', after ?? undefined)
            : new AiProviderError('ai.provider_unavailable', 502, `server error ${response.status}`);
        return { kind: 'retry', error, waitMs: after !== null ? after * 1000 : 0 };
      }
      if (response.status === 401 || response.status === 403)
        throw new AiProviderError('ai.provider_auth', 502, `refused the credentials (${response.status})`);
      if (!response.ok)
        throw new AiProviderError(
          'ai.provider_rejected',
          502,
          `refused the request (${response.status}): ${text.slice(0, 200)}`,
        );
      try {
        return { kind: 'ok', data: JSON.parse(text) as ChatCompletion };
      } catch {
        throw new AiProviderError('ai.provider_bad_answer', 502, 'answer is not JSON');
      }
    } catch (error) {
      if (error instanceof AiProviderError) throw error;
      if (controller.signal.aborted)
        throw new AiProviderError('ai.provider_timeout', 504, `no answer within ${options.timeoutMs} ms`);
      throw new AiProviderError(
        'ai.provider_unavailable',
        502,
        `reading the answer failed: ${(error as Error).message}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    info: { provider: 'openai-compatible', embedded: false, model: options.model },
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const language = LANGUAGE_NAMES[request.language ?? 'en'];
      const system = [
        request.system ? fillPlaceholders(request.system, request.variables) : '',
        `Answer in ${language}.`,
        request.json ? 'Answer with one JSON object only.' : '',
      ]
        .filter(Boolean)
        .join('\n');
      const prompt = fillPlaceholders(request.prompt, request.variables);
      const body = JSON.stringify({
        model: request.model ?? options.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: prompt },
        ],
        max_tokens: request.maxTokens ?? 800,
        temperature: 0.2,
        ...(request.json ? { response_format: { type: 'json_object' } } : {}),
      });

      let lastError: AiProviderError | null = null;
      let retryAfterMs: number | null = null;
      for (let i = 0; i <= options.maxRetries; i += 1) {
        if (i > 0) await sleep(Math.min(maxBackoff, retryAfterMs ?? options.backoffMs * 2 ** (i - 1)));
        const result = await attempt(body);
        if (result.kind === 'retry') {
          lastError = result.error;
          retryAfterMs = result.waitMs > 0 ? result.waitMs : null;
          continue;
        }
        const content = result.data.choices?.[0]?.message?.content;
        if (typeof content !== 'string' || content.trim() === '')
          throw new AiProviderError('ai.provider_bad_answer', 502, 'answer has no message content');
        return {
          text: content.trim(),
          provider: 'openai-compatible',
          model: result.data.model ?? options.model,
          usage: {
            promptTokens: result.data.usage?.prompt_tokens ?? estimateTokens(system + prompt),
            completionTokens: result.data.usage?.completion_tokens ?? estimateTokens(content),
          },
        };
      }
      throw lastError!;
    },
  };
}
