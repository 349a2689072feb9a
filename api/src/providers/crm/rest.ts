import type { CrmHttpAnswer } from './http';
import { errorText } from './http';
import { CrmError, type CrmContact, type PushOutcome } from './types';

/** Errors that say the CRM (not this contact) is the problem: the rest of the batch fails the same way. */
const WHOLE_BATCH: ReadonlySet<string> = new Set([
  'timeout',
  'unavailable',
  'rate_limited',
  'address_refused',
  'not_configured',
]);

/**
 * Sends contacts one request each, in order, appending to `done`. A 401 is thrown as
 * CrmError('auth_failed') (the caller refreshes the token and resumes after `done`). A failure of
 * the CRM itself (timeout, 5xx or 429 after retries, refused address) fails this contact and the
 * rest of the batch at once, so a dead CRM does not cost one timeout per contact.
 */
export async function pushEach(
  contacts: readonly CrmContact[],
  done: PushOutcome[],
  send: (contact: CrmContact) => Promise<PushOutcome>,
): Promise<PushOutcome[]> {
  // Resumes after the contacts already handled (a refresh after a 401 calls again with the same `done`).
  for (let i = done.length; i < contacts.length; i += 1) {
    try {
      done.push(await send(contacts[i]!));
    } catch (error) {
      if (!(error instanceof CrmError)) throw error;
      if (error.code === 'auth_failed' && error.status === 401) throw error;
      if (!WHOLE_BATCH.has(error.code)) {
        done.push({ ok: false, code: error.code, detail: error.detail });
        continue;
      }
      while (done.length < contacts.length) done.push({ ok: false, code: error.code, detail: error.detail });
      break;
    }
  }
  return done;
}

/** What one contact's answer means: 2xx sent (with the CRM's id), 401 thrown, 403 refused access, else refused contact. */
export function outcomeOf(answer: CrmHttpAnswer, idOf: (body: Record<string, unknown>) => unknown): PushOutcome {
  if (answer.status >= 200 && answer.status < 300) {
    let id: unknown;
    try {
      id = idOf(JSON.parse(answer.text || '{}') as Record<string, unknown>);
    } catch {
      id = null; // an answer that is not JSON still means the contact was taken
    }
    return { ok: true, externalId: typeof id === 'string' || typeof id === 'number' ? String(id) : null };
  }
  const detail = errorText(answer.text) || `answered ${answer.status}`;
  if (answer.status === 401) throw new CrmError('auth_failed', detail, 401);
  if (answer.status === 403) return { ok: false, code: 'auth_failed', detail };
  return { ok: false, code: 'rejected', detail };
}
