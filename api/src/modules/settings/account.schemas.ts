import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import { ApiError } from '../../http/errors';

/**
 * The account whose Settings data a user works on: a team member (users.team_owner_id set)
 * works on the team owner's business profile and training data; everyone else on their own.
 */
export async function accountIdOf(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ account_id: number }>(
    'SELECT COALESCE(team_owner_id, id) AS account_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.account_id ?? userId;
}

export async function requestAccountId(db: Queryable, request: FastifyRequest): Promise<number> {
  return accountIdOf(db, currentUser(request).id);
}

export const notFound = (): ApiError => new ApiError(404, 'not_found');

/** Page query shared by every Settings list: page ≥ 1, pageSize 1–100 (default 20, spec §9). */
export const pageQuerySchema = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface Paginated<T> {
  data: T[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export const idParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
