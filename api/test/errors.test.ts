import { createTestApp, json, type TestContext } from './helpers';

describe('error shape, body parsing and translation', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
          throw new Error('database exploded: secret details');
        });
      },
    });
  });
  afterAll(() => ctx.close());

  const raw = (payload: string, contentType = 'application/json', headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload,
      headers: { 'content-type': contentType, ...headers },
    });

  test('malformed JSON is 400 malformed_json, never a 500', async () => {
    for (const payload of ['{"email": ', '{bad json}', '[1,2', '{"__proto__": {"x": 1}}']) {
      const response = await raw(payload);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        code: 'malformed_json',
        message: 'The request body is not valid JSON.',
      });
    }
  });

  test('an empty JSON body validates as {} and lists the missing fields', async () => {
    const response = await raw('');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      code: 'validation_failed',
      field: 'email',
      message: 'email: This field is required.',
      errors: [
        { field: 'email', message: 'This field is required.' },
        { field: 'password', message: 'This field is required.' },
      ],
    });
  });

  test('a JSON value that is not an object is a type error on the body', async () => {
    const response = await raw('"just a string"');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      code: 'validation_failed',
      field: 'body',
      message: 'body: This type is not valid.',
    });
  });

  test('an unknown key with no name names the object that holds it', async () => {
    const response = await raw(JSON.stringify({ email: 'a@b.c', password: 'secret-pass', '': 1 }));
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'validation_failed', field: 'body' });
    expect(json<{ message: string }>(response).message).toMatch(/^body: /);
  });

  test('a wrong content type is 415 with a message naming it', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await raw('email=a@b.c&password=x', type);
      expect(response.statusCode).toBe(415);
      expect(json(response).code).toBe('unsupported_media_type');
      expect(json(response).message).toContain(type.split(';')[0]);
    }
    const de = await raw('x', 'text/plain', { 'user-language': 'de' });
    expect(json(de).message).toBe('Content-Type „text/plain“ wird nicht unterstützt. Senden Sie application/json.');
  });

  test('an oversize body is 413', async () => {
    const response = await raw(JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(300 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(json(response).code).toBe('payload_too_large');
  });

  test('validation messages are translated in every language; the field stays the same', async () => {
    const expected: Record<string, string> = {
      en: 'email: Please enter a valid email address.',
      es: 'email: Introduce una dirección de correo electrónico válida.',
      fr: 'email: Veuillez saisir une adresse e-mail valide.',
      de: 'email: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      'de-DE': 'email: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      it: 'email: Please enter a valid email address.',
    };
    for (const [lang, message] of Object.entries(expected)) {
      const response = await raw(JSON.stringify({ email: 'nope', password: 'secret' }), 'application/json', {
        'user-language': lang,
      });
      expect(json(response)).toMatchObject({ field: 'email', message });
    }
  });

  test('every problem is listed once per field', async () => {
    const response = await raw(JSON.stringify({ email: 'nope', password: '', extra: true }));
    const body = json<{ errors: { field: string; message: string }[] }>(response);
    expect(body.errors).toEqual([
      { field: 'extra', message: 'This field is not allowed.' },
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'password', message: 'This field is required.' },
    ]);
  });

  test('unknown routes are a JSON 404, translated', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/auth/nope'],
      ['DELETE', '/api/me'],
      ['GET', '/somewhere'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: { 'user-language': 'fr' } });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({
        statusCode: 404,
        error: 'Not Found',
        code: 'not_found',
        message: 'Introuvable.',
        request_id: expect.any(String),
      });
    }
  });

  test('an unexpected failure is a generic 500 that leaks nothing', async () => {
    const response = await ctx.app.inject({ url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'server_error',
      message: 'An unexpected error occurred.',
      request_id: expect.any(String),
    });
    expect(response.body).not.toContain('secret details');
  });

  test('responses carry X-Content-Type-Options: nosniff', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('unknown query parameters are refused on API GETs', async () => {
    const response = await ctx.app.inject({ url: '/api/health?debug=1' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ field: 'debug', message: 'debug: This field is not allowed.' });
  });
});
