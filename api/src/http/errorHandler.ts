import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { STATUS_CODES } from 'node:http';
import { t, type Language, type MessageCode, type MessageParams } from '../i18n/messages';
import { ApiError, type FieldIssue } from './errors';
import { installInputGuard } from './inputGuard';
import type { ErrorTracker } from '../ops/errorTracking';

/** The JSON every error answer has. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  field?: string;
  errors?: { field: string; message: string }[];
  /** The request's id (also in the X-Request-Id header and on every log line of the request). */
  request_id?: string;
  [extra: string]: unknown;
}

const PASSWORD_FIELDS = new Set(['password', 'password_confirmation', 'new_password', 'current_password']);

/** Pattern failures get a message that says what the pattern means. */
const PATTERN_MESSAGES: Readonly<Record<string, MessageCode>> = {
  code: 'validation.code_format',
  domain: 'validation.domain',
  google_api_key: 'leadSources.google_key_format',
  first_name: 'validation.required',
  last_name: 'validation.required',
};

/** `/info/detail` → `info.detail` (JSON pointer, unescaped). */
function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function joinField(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

const asNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

/** Maps one Ajv error to the field it concerns and a catalogue message. */
export function issueFromAjv(error: FastifySchemaValidationError, context: string): FieldIssue {
  const parent = pointerToField(error.instancePath);
  const params = error.params;
  const leaf = (field: string) => field.split('.').pop() ?? field;
  switch (error.keyword) {
    case 'required':
      return { field: joinField(parent, String(params.missingProperty)), code: 'validation.required' };
    case 'additionalProperties': {
      // A key with no name ("" or blanks) cannot name a field: the object holding it is named instead.
      const key = String(params.additionalProperty);
      return { field: key.trim() ? joinField(parent, key) : parent || context, code: 'validation.unknown_field' };
    }
    case 'minLength': {
      const min = asNumber(params.limit);
      const code: MessageCode =
        min <= 1
          ? 'validation.required'
          : PASSWORD_FIELDS.has(leaf(parent))
            ? 'validation.password_min'
            : 'validation.min_length';
      return { field: parent || context, code, params: { min } };
    }
    case 'maxLength':
      return { field: parent || context, code: 'validation.max_length', params: { max: asNumber(params.limit) } };
    case 'format': {
      const format = String(params.format);
      const code: MessageCode =
        format === 'email'
          ? 'validation.email'
          : format === 'uri' || format === 'url'
            ? 'validation.url'
            : 'validation.invalid';
      return { field: parent || context, code };
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String).join(', ') : '';
      return { field: parent || context, code: 'validation.enum', params: { values: allowed } };
    }
    case 'type':
      return { field: parent || context, code: params.type === 'integer' ? 'validation.integer' : 'validation.type' };
    case 'minimum':
    case 'exclusiveMinimum':
      return { field: parent || context, code: 'validation.minimum', params: { min: asNumber(params.limit) } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { field: parent || context, code: 'validation.maximum', params: { max: asNumber(params.limit) } };
    case 'pattern':
      return { field: parent || context, code: PATTERN_MESSAGES[leaf(parent)] ?? 'validation.invalid' };
    default:
      return { field: parent || context, code: 'validation.invalid' };
  }
}

function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: string,
  message: string,
  more: Partial<ErrorBody> = {},
): FastifyReply {
  const body: ErrorBody = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...more,
    request_id: String(reply.request.id),
  };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

function sendIssues(reply: FastifyReply, lang: Language, issues: FieldIssue[]): FastifyReply {
  // One message per field, the first problem found: that is what a form shows.
  const seen = new Set<string>();
  const errors: { field: string; message: string }[] = [];
  for (const issue of issues) {
    if (seen.has(issue.field)) continue;
    seen.add(issue.field);
    errors.push({ field: issue.field, message: t(lang, issue.code, issue.params) });
  }
  const first = errors[0] ?? { field: 'body', message: t(lang, 'validation_failed') };
  return sendError(reply, 400, 'validation_failed', `${first.field}: ${first.message}`, { field: first.field, errors });
}

function sendApiError(reply: FastifyReply, lang: Language, error: ApiError): FastifyReply {
  const { params, field, issues, extra, headers } = error.options;
  if (headers) reply.headers(headers);
  if (issues && issues.length > 0) return sendIssues(reply, lang, issues);
  const more: Partial<ErrorBody> = { ...extra };
  if (field) more.field = field;
  return sendError(reply, error.statusCode, error.code, t(lang, error.code, params), more);
}

/** Framework errors (body parsing, limits) mapped to our codes. */
function frameworkCode(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; code: MessageCode; params?: MessageParams } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'malformed_json' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'unsupported_media_type',
        params: { type: String(request.headers['content-type'] ?? '').slice(0, 100) },
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large' };
    default:
      break;
  }
  // JSON.parse failures surface as a SyntaxError with statusCode 400.
  if (error instanceof SyntaxError || error.name === 'SyntaxError') return { status: 400, code: 'malformed_json' };
  return null;
}

/**
 * One error shape for the whole API. Bad input is a 4xx with the field named,
 * never a 500; unexpected failures are logged and answered with a generic text.
 */
export function installErrorHandling(app: FastifyInstance, tracker: ErrorTracker | null = null): void {
  // Input PostgreSQL cannot store (NUL characters) is a 400 on its field, not a 500 in a query.
  installInputGuard(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang;
    if (error instanceof ApiError) return sendApiError(reply, lang, error);

    if (error.validation) {
      const context = error.validationContext ?? 'body';
      return sendIssues(
        reply,
        lang,
        error.validation.map((e) => issueFromAjv(e, context)),
      );
    }

    const mapped = frameworkCode(error, request);
    if (mapped) return sendError(reply, mapped.status, mapped.code, t(lang, mapped.code, mapped.params));

    // PostgreSQL refusing a value (NUL or untranslatable character, a number it cannot read or
    // hold, e.g. an "Infinity" the JSON schema let through): the input's fault, never a 500.
    const pgCode = (error as { code?: unknown }).code;
    if (pgCode === '22021' || pgCode === '22P05' || pgCode === '22P02' || pgCode === '22003')
      return sendIssues(reply, lang, [{ field: error.validationContext ?? 'body', code: 'validation.invalid' }]);

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return sendError(reply, 429, 'rate_limited', t(lang, 'rate_limited'));
    if (status === 404) return sendError(reply, 404, 'not_found', t(lang, 'not_found'));
    if (status >= 400 && status < 500) return sendError(reply, status, 'bad_request', t(lang, 'bad_request'));

    request.log.error({ err: error }, 'unhandled error');
    tracker?.capture(error, {
      request_id: String(request.id),
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
    });
    return sendError(reply, 500, 'server_error', t(lang, 'server_error'));
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, 404, 'not_found', t(request.lang, 'not_found')));
}
