import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Message,
  MessageProperties,
  Nullable,
  Page,
  Timestamp,
  Type,
  type Static,
  pageOf,
  pageWindow,
} from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { emailSchema, objectSchema } from '../../http/schemas';
import { say } from '../../http/respond';
import {
  blankToNull,
  idParamsSchema,
  notFound,
  optionalText,
  pageQuerySchema,
  resellerGuard,
  resellerIdOf,
  type PageQuery,
} from './common';
import {
  countPartners,
  deletePartner,
  insertPartner,
  listPartners,
  partnerOf,
  updatePartner,
  type PartnerValues,
} from './partners.repository';

/** The reseller's own referral partners (spec §2 whitelabel/partners). */
const PartnerSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  company: Nullable(Type.String()),
  referral_code: Type.String(),
  commission_percent: Type.Integer(),
  active: Type.Boolean(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type Partner = Static<typeof PartnerSchema>;
const SavedPartner = Type.Object({ ...MessageProperties, data: PartnerSchema });

const bodySchema = objectSchema(
  {
    name: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    email: { anyOf: [emailSchema, { type: 'null' }, { type: 'string', maxLength: 0 }] },
    company: optionalText(150),
    referral_code: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9-]+$' },
    commission_percent: { type: 'integer', minimum: 0, maximum: 100, default: 0 },
    active: { type: 'boolean', default: true },
  },
  ['name', 'referral_code'],
);

interface Body {
  name: string;
  email?: string | null;
  company?: string | null;
  referral_code: string;
  commission_percent: number;
  active: boolean;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export function partnerRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = resellerGuard(app);
  const values = (b: Body): PartnerValues => ({
    name: b.name.trim(),
    email: blankToNull(b.email)?.toLowerCase() ?? null,
    company: blankToNull(b.company),
    referral_code: b.referral_code,
    commission_percent: b.commission_percent,
    active: b.active,
  });

  app.get<{ Querystring: PageQuery }>(
    '/api/whitelabel/partners',
    {
      onRequest: guard,
      schema: {
        summary: 'Your referral partners (paginated)',
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(PartnerSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const rows = await listPartners(db, owner, pageWindow(request.query));
      return pageOf(rows, request.query, await countPartners(db, owner));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/whitelabel/partners/:id',
    {
      onRequest: guard,
      schema: { summary: 'One referral partner', params: idParamsSchema, response: { 200: PartnerSchema } },
    },
    async (request) => {
      const partner = await partnerOf(db, request.params.id, await resellerIdOf(db, request));
      if (!partner) throw notFound();
      return partner;
    },
  );

  app.post<{ Body: Body }>(
    '/api/whitelabel/partners',
    {
      onRequest: guard,
      schema: { summary: 'Add a referral partner', body: bodySchema, response: { 201: SavedPartner } },
    },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      try {
        const data = await insertPartner(db, owner, values(request.body), clock.now());
        reply.code(201);
        return { ...say(request, 'whitelabel.partner_created'), data };
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('whitelabel.referral_code_taken', 'referral_code');
        throw error;
      }
    },
  );

  app.put<{ Params: { id: number }; Body: Body }>(
    '/api/whitelabel/partners/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a referral partner',
        params: idParamsSchema,
        body: bodySchema,
        response: { 200: SavedPartner },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      try {
        const data = await updatePartner(db, request.params.id, owner, values(request.body), clock.now());
        if (!data) throw notFound();
        return { ...say(request, 'whitelabel.partner_updated'), data };
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('whitelabel.referral_code_taken', 'referral_code');
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/whitelabel/partners/:id',
    {
      onRequest: guard,
      schema: { summary: 'Delete a referral partner', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      if (!(await deletePartner(db, request.params.id, await resellerIdOf(db, request)))) throw notFound();
      return say(request, 'whitelabel.partner_deleted');
    },
  );
}
