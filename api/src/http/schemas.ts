/**
 * JSON-schema fragments shared by routes. Every string has a maxLength: no
 * route accepts unbounded input.
 */
import { PASSWORD_MIN_LENGTH } from '@leadsmith/shared/constants';
import { LANGUAGES } from '../i18n/messages';

export { PASSWORD_MIN_LENGTH };

export const emailSchema = { type: 'string', format: 'email', maxLength: 254 } as const;
export const passwordSchema = { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: 200 } as const;
/** Login accepts any non-empty password: the length rule applies when one is set. */
export const anyPasswordSchema = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** At least one non-space character (a blank name reads as "required"). */
export const nameSchema = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
export const codeSchema = { type: 'string', pattern: '^[0-9]{6}$', maxLength: 6 } as const;
export const langSchema = { type: 'string', enum: LANGUAGES } as const;
export const domainSchema = { type: 'string', minLength: 1, maxLength: 300, pattern: '^\\S+$' } as const;

/** An object body: listed properties only. */
export function objectSchema(properties: Record<string, object>, required: readonly string[] = []) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

/** For routes that take no body/query: still validated, nothing allowed. */
export const emptyObjectSchema = { type: 'object', additionalProperties: false, properties: {} } as const;
