import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Defaulted,
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
import { emailSchema } from '../../http/schemas';
import { say } from '../../http/respond';
import {
  blankToNull,
  idParamsSchema,
  notFound,
  optionalText,
  pageQuerySchema,
  resellerGuard,
  resellerIdOf,
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

const bodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
    email: Type.Optional(Type.Union([emailSchema, Type.Null(), Type.String({ maxLength: 0 })])),
    company: Type.Optional(optionalText(150)),
    referral_code: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9-]+$' }),
    commission_percent: Defaulted(Type.Integer({ minimum: 0, maximum: 100, default: 0 })),
    active: Defaulted(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
type Body = Static<typeof bodySchema>;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export function partnerRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(app);
  const values = (b: Body): PartnerValues => ({
    name: b.name.trim(),
    email: blankToNull(b.email)?.toLowerCase() ?? null,
    company: blankToNull(b.company),
    referral_code: b.referral_code,
    commission_percent: b.commission_percent,
    active: b.active,
  });

  app.get(
    '/api/whitelabel/partners',
    {
      onRequest: guard,
      schema: {
        summary: 'Your referral partners (paginated)',
        querystring: Type.Object(pageQuerySchema, { additionalProperties: false }),
        response: { 200: Page(PartnerSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const rows = await listPartners(db, owner, pageWindow(request.query));
      return pageOf(rows, request.query, await countPartners(db, owner));
    },
  );

  app.get(
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

  app.post(
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

  app.put(
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

  app.delete(
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
