import type { MessageCode, MessageParams } from '../i18n/messages';

/** One field problem, as listed in a 400 answer's `errors`. */
export interface FieldIssue {
  field: string;
  /** Catalogue code of the human message (translated when the answer is sent). */
  code: MessageCode;
  params?: MessageParams;
}

/**
 * An error the client caused or may act on. The error handler translates
 * `code` with `params` and answers `{ statusCode, error, code, message, field?, … }`.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly options: {
      params?: MessageParams;
      field?: string;
      /** Field-level problems (400 validation answers). */
      issues?: FieldIssue[];
      /** Extra JSON members, e.g. `retry_after_seconds`. */
      extra?: Readonly<Record<string, string | number | boolean>>;
      /** Sent as response headers, e.g. Retry-After. */
      headers?: Readonly<Record<string, string>>;
    } = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** 400 validation_failed for checks JSON schema cannot express (e.g. passwords must match). */
export function validationError(...issues: FieldIssue[]): ApiError {
  return new ApiError(400, 'validation_failed', { issues });
}

/** 422: the input is well-formed but a business rule refuses it. */
export function unprocessable(code: MessageCode, field?: string, params?: MessageParams): ApiError {
  return new ApiError(422, code, { field, params });
}

export const unauthenticated = (): ApiError => new ApiError(401, 'unauthenticated');
export const forbidden = (): ApiError => new ApiError(403, 'forbidden');
