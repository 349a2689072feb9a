import type { FastifyRequest } from 'fastify';
import { t, type MessageCode, type MessageParams } from '../i18n/messages';

/**
 * `{ code, message }` for a success answer that has something to tell the
 * user (the frontend shows `message` as a toast). Plain GETs carry no message.
 */
export function say(
  request: FastifyRequest,
  code: MessageCode,
  params?: MessageParams,
): { code: MessageCode; message: string } {
  return { code, message: t(request.lang, code, params) };
}
