import * as yup from 'yup';
import { APP_PASSWORD_LENGTH, PASSWORD_MIN_LENGTH, appPasswordOf, i18n } from '@leadsmith/shared/core';

/**
 * Spec §5 messages, translated at validation time (so a language switch
 * changes them without rebuilding schemas).
 */
const t = (key: string, params?: Record<string, unknown>) => () => i18n.t(`common:validation.${key}`, params);

export const v = {
  required: () => yup.string().trim().required(t('required')),
  email: () =>
    yup
      .string()
      .trim()
      .required(t('required'))
      .email(t('email'))
      .max(254, t('maxLength', { count: 254 })),
  url: () => yup.string().trim().url(t('url')),
  password: () =>
    yup
      .string()
      .required(t('required'))
      .min(PASSWORD_MIN_LENGTH, t('passwordMin', { count: PASSWORD_MIN_LENGTH }))
      .max(200, t('maxLength', { count: 200 })),
  passwordConfirmation: (ref = 'password') =>
    yup
      .string()
      .required(t('required'))
      .oneOf([yup.ref(ref)], t('passwordsMatch')),
  minNumber: (min: number) => yup.number().typeError(t('typeInvalid')).min(min, t('minNumber', { min })),
  maxNumber: (max: number) => yup.number().typeError(t('typeInvalid')).max(max, t('maxNumber', { max })),
  integer: () => yup.number().typeError(t('typeInvalid')).integer(t('integer')),
  /** Spec §5 "fields required and numeric": a number field left empty or holding no number says so. */
  requiredNumber: () => yup.number().typeError(t('requiredNumeric')).required(t('requiredNumeric')),
  /** Spec §9: an app password (Gmail, Yahoo, iCloud SMTP) has APP_PASSWORD_LENGTH characters besides its spaces; empty passes. */
  appPassword: () =>
    yup
      .string()
      .default('')
      .test('app-password', t('appPassword', { count: APP_PASSWORD_LENGTH }), (x) => !x || appPasswordOf(x) !== null),
  alphanumeric: () => yup.string().matches(/^[a-zA-Z0-9 ]*$/, t('noSpecialChars')),
  slug: () => yup.string().matches(/^[a-zA-Z0-9-]*$/, t('lettersNumbersHyphens')),
  fieldName: () => yup.string().matches(/^[A-Za-z][A-Za-z0-9_]*$/, t('fieldName')),
  message: (key: string, params?: Record<string, unknown>) => t(key, params),
};

/** Spec §5: a file without size passes; otherwise it must fit the per-use limit. */
export function fileSizeError(file: { size?: number } | null | undefined, maxMb: number): string | null {
  if (!file || file.size === undefined) return null;
  return file.size > maxMb * 1024 * 1024 ? i18n.t('common:validation.maxFileSize', { n: maxMb }) : null;
}

export { yup };
