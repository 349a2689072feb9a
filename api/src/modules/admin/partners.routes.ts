import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Nullable, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { defineAdminCrud } from './crud.routes';
import { partnerInUse } from './partners.repository';

/** Referral partners (spec §3 Partner); users point at one through referral_partner_id. */
export function adminPartnerRoutes(api: FastifyInstance, deps: AppDeps): void {
  defineAdminCrud(api, deps, {
    entity: 'partner',
    noun: 'referral partner',
    table: 'admin_partners',
    path: '/api/admin/partners',
    labelColumn: 'name',
    orderBy: 't.id DESC',
    extraColumns: {
      referred_users: {
        sql: '(SELECT count(*)::int FROM users u WHERE u.referral_partner_id = t.id)',
        schema: Type.Integer(),
      },
    },
    fields: {
      name: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
      email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
      company: Type.Optional(Nullable(Type.String({ maxLength: 150 }))),
      referral_code: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9-]+$' }),
      commission_percent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
      active: Type.Optional(Type.Boolean()),
    },
    unique: { field: 'referral_code', code: 'admin.referral_code_taken' },
    messages: { created: 'admin.partner_created', updated: 'admin.partner_updated', deleted: 'admin.partner_deleted' },
    beforeDelete: async (tx, id) => {
      if (await partnerInUse(tx, id)) throw unprocessable('admin.partner_in_use');
    },
  });
}
