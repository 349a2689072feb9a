/**
 * Schema fragments shared by routes, in TypeBox (so a route using them under the TypeBox type provider
 * gets their types). Every string has a maxLength: no route accepts unbounded input.
 */
import { PASSWORD_MIN_LENGTH } from '@leadsmith/shared/constants';
import { LANGUAGES } from '../i18n/messages';
import { StringEnum, Type } from './contract';

export { PASSWORD_MIN_LENGTH };

export const emailSchema = Type.String({ format: 'email', maxLength: 254 });
export const passwordSchema = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 });
/** Login accepts any non-empty password: the length rule applies when one is set. */
export const anyPasswordSchema = Type.String({ minLength: 1, maxLength: 200 });
/** At least one non-space character (a blank name reads as "required"). */
export const nameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
export const codeSchema = Type.String({ pattern: '^[0-9]{6}$', maxLength: 6 });
export const langSchema = StringEnum(LANGUAGES);
export const domainSchema = Type.String({ minLength: 1, maxLength: 300, pattern: '^\\S+$' });
