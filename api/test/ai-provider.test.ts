import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AiProviderError,
  aiConfigFromEnv,
  createAiProvider,
  createEmbeddedProvider,
  createOpenAiCompatibleProvider,
  estimateTokens,
  registerEmbeddedTemplate,
  type OpenAiCompatibleOptions,
} from '../src/providers/ai';
import { ConfigError } from '../src/config';

/** A local OpenAI-compatible endpoint whose answers each test scripts. */
interface FakeServer {
  url: string;
  requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  respond: (handler: (req: IncomingMessage, res: ServerResponse, index: number) => void) => void;
  close: () => Promise<void>;
}

async function fakeServer(): Promise<FakeServer> {
  let handler: (req: IncomingMessage, res: ServerResponse, index: number) => void = (_req, res) => res.end();
  const requests: FakeServer['requests'] = [];
  const held: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        headers: req.headers,
        body: body ? (JSON.parse(body) as Record<string, unknown>) : {},
      });
      held.push(res);
      handler(req, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    respond: (h) => (handler = h),
    close: async () => {
      held.forEach((r) => r.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const completion = (content: string) =>
  JSON.stringify({
    model: 'fake-model-1',
    choices: [{ message: { role: 'assistant', content } }],
    usage: { prompt_tokens: 12, completion_tokens: 5 },
  });

describe('OpenAI-compatible adapter against a local fake endpoint', () => {
  let server: FakeServer;
  const sleeps: number[] = [];
  const options = (over: Partial<OpenAiCompatibleOptions> = {}): OpenAiCompatibleOptions => ({
    baseUrl: server.url,
    apiKey: 'sk-test-key',
    model: 'fake-model',
    timeoutMs: 2000,
    maxRetries: 2,
    backoffMs: 300,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...over,
  });

  beforeEach(async () => {
    server = await fakeServer();
    sleeps.length = 0;
  });
  afterEach(() => server.close());

  test('success: sends a chat completion with the filled prompt, key and limits; returns the text and usage', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(completion('  Hello Acme  '));
    });
    const provider = createOpenAiCompatibleProvider(options());
    expect(provider.info).toEqual({ provider: 'openai-compatible', embedded: false, model: 'fake-model' });
    const result = await provider.generate({
      task: 'greeting',
      system: 'You write for {business_name}.',
      prompt: 'Greet {name}.',
      variables: { name: 'Ann', business_name: 'Acme' },
      maxTokens: 50,
      language: 'de',
    });
    expect(result).toEqual({
      text: 'Hello Acme',
      provider: 'openai-compatible',
      model: 'fake-model-1',
      usage: { promptTokens: 12, completionTokens: 5 },
    });
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent!.path).toBe('/v1/chat/completions');
    expect(sent!.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent!.body).toMatchObject({
      model: 'fake-model',
      max_tokens: 50,
      messages: [
        { role: 'system', content: 'You write for Acme.\nAnswer in German.' },
        { role: 'user', content: 'Greet Ann.' },
      ],
    });
    expect(sent!.body.response_format).toBeUndefined();
    expect(sleeps).toEqual([]);
  });

  test('asks for a JSON object when the request wants JSON', async () => {
    server.respond((_req, res) => res.end(completion('{"ok":true}')));
    const result = await createOpenAiCompatibleProvider(options({ apiKey: null })).generate({
      task: 'x',
      prompt: 'p',
      json: true,
    });
    expect(JSON.parse(result.text)).toEqual({ ok: true });
    expect(server.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  test('429 then success: retries after the Retry-After wait (capped), through the injected sleep', async () => {
    server.respond((_req, res, i) => {
      if (i === 0) {
        res.writeHead(429, { 'Retry-After': '3' });
        res.end('{"error":"slow down"}');
      } else res.end(completion('second time lucky'));
    });
    const result = await createOpenAiCompatibleProvider(options()).generate({ task: 'x', prompt: 'p' });
    expect(result.text).toBe('second time lucky');
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  test('500s exhausted: bounded attempts with doubling backoff, then ai.provider_unavailable (502)', async () => {
    server.respond((_req, res) => {
      res.writeHead(500);
      res.end('boom');
    });
    const error = await createOpenAiCompatibleProvider(options())
      .generate({ task: 'x', prompt: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ code: 'ai.provider_unavailable', status: 502 });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([300, 600]);
  });

  test('429 on every attempt: ai.provider_rate_limited (503) with the retry hint', async () => {
    server.respond((_req, res) => {
      res.writeHead(429, { 'Retry-After': '120' });
      res.end();
    });
    const error = await createOpenAiCompatibleProvider(options({ maxRetries: 1, maxBackoffMs: 5000 }))
      .generate({ task: 'x', prompt: 'p' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ai.provider_rate_limited', status: 503, retryAfterSeconds: 120 });
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([5000]);
  });

  test('timeout: an endpoint that never answers gives ai.provider_timeout (504), not retried', async () => {
    server.respond(() => undefined); // holds the request open
    const started = Date.now();
    const error = await createOpenAiCompatibleProvider(options({ timeoutMs: 150 }))
      .generate({ task: 'x', prompt: 'p' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ai.provider_timeout', status: 504 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  test('401 is not retried and names the credentials; a body without content is a bad answer', async () => {
    server.respond((_req, res) => {
      res.writeHead(401);
      res.end('{"error":"bad key"}');
    });
    await expect(createOpenAiCompatibleProvider(options()).generate({ task: 'x', prompt: 'p' })).rejects.toMatchObject({
      code: 'ai.provider_auth',
      status: 502,
    });
    expect(server.requests).toHaveLength(1);

    server.respond((_req, res) => res.end(JSON.stringify({ choices: [] })));
    await expect(createOpenAiCompatibleProvider(options()).generate({ task: 'x', prompt: 'p' })).rejects.toMatchObject({
      code: 'ai.provider_bad_answer',
    });
    server.respond((_req, res) => res.end('<html>not json</html>'));
    await expect(createOpenAiCompatibleProvider(options()).generate({ task: 'x', prompt: 'p' })).rejects.toMatchObject({
      code: 'ai.provider_bad_answer',
    });
  });

  test('a refused connection is retried, then ai.provider_unavailable', async () => {
    const url = server.url;
    await server.close();
    const error = await createOpenAiCompatibleProvider(options({ baseUrl: url, maxRetries: 1 }))
      .generate({ task: 'x', prompt: 'p' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ai.provider_unavailable', status: 502 });
    expect(sleeps).toEqual([300]);
    server = await fakeServer();
  });
});

describe('embedded provider', () => {
  test('is deterministic, fills placeholders and uses a registered template per task', async () => {
    const provider = createEmbeddedProvider();
    expect(provider.info).toEqual({ provider: 'embedded', embedded: true, model: 'leadsmith-templates-1' });
    const generic = await provider.generate({
      task: 'unknown_task',
      prompt: 'Write to {name} about {topic}.',
      variables: { name: 'Ann', topic: 'SEO' },
    });
    expect(generic.text).toBe('Write to Ann about SEO.');
    expect(generic.usage.completionTokens).toBeGreaterThan(0);

    const undo = registerEmbeddedTemplate('test_task', (v, lang) => `${lang}:${v.business_name}`);
    const a = await provider.generate({
      task: 'test_task',
      prompt: '',
      variables: { business_name: 'Acme' },
      language: 'fr',
    });
    const b = await provider.generate({
      task: 'test_task',
      prompt: '',
      variables: { business_name: 'Acme' },
      language: 'fr',
    });
    expect(a.text).toBe('fr:Acme');
    expect(b).toEqual(a);
    undo();
    expect((await provider.generate({ task: 'test_task', prompt: 'plain' })).text).toBe('plain');
  });

  test('cuts long text answers to about maxTokens', async () => {
    const result = await createEmbeddedProvider().generate({
      task: 'none',
      prompt: 'word '.repeat(500),
      maxTokens: 10,
    });
    expect(result.text.length).toBeLessThanOrEqual(41);
    expect(result.text.endsWith('…')).toBe(true);
  });
});

describe('AI configuration', () => {
  test('embedded by default; openai-compatible when a base URL is set; bad values name the variable', () => {
    expect(aiConfigFromEnv({})).toMatchObject({
      provider: 'embedded',
      baseUrl: null,
      model: 'gpt-4o-mini',
      timeoutMs: 30000,
      maxRetries: 2,
    });
    const cfg = aiConfigFromEnv({
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_API_KEY: 'k',
      AI_MODEL: 'm',
      AI_TIMEOUT_MS: '1000',
      AI_MAX_RETRIES: '0',
    });
    expect(cfg).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 1000,
      maxRetries: 0,
    });
    expect(createAiProvider(cfg).info.provider).toBe('openai-compatible');
    expect(
      createAiProvider(aiConfigFromEnv({ AI_PROVIDER: 'embedded', AI_BASE_URL: 'http://x.test/v1' })).info.provider,
    ).toBe('embedded');
    expect(() => aiConfigFromEnv({ AI_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => aiConfigFromEnv({ AI_PROVIDER: 'gemini' })).toThrow(/AI_PROVIDER/);
    expect(() => aiConfigFromEnv({ AI_BASE_URL: 'ftp://x' })).toThrow(/AI_BASE_URL/);
    expect(() => aiConfigFromEnv({ AI_TIMEOUT_MS: 'soon' })).toThrow(/AI_TIMEOUT_MS/);
  });

  test('token estimate is about four characters per token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd'.repeat(25))).toBe(25);
    expect(estimateTokens('a b c d e f g h')).toBeGreaterThanOrEqual(4);
  });
});
