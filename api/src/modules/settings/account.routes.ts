import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import { accountIdOf } from './account.repository';

/** The account a Settings request works on (the team owner's, for a team member). */
export async function requestAccountId(db: Queryable, request: FastifyRequest): Promise<number> {
  return accountIdOf(db, currentUser(request).id);
}
