import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Type } from '../../http/contract';
import { emailSchema } from '../../http/schemas';
import { erasePerson } from '../../ops/personErasure';
import { say } from '../../http/respond';
import { adminOnly } from './common';

const Body = Type.Object({ email: emailSchema }, { additionalProperties: false });

/** POST /api/admin/privacy/erase-person: a person's right to erasure, across every tenant (ops/personErasure.ts). */
export function adminPersonErasureRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/admin/privacy/erase-person',
    {
      ...adminOnly(api),
      schema: {
        summary: "Erase a person by email from every account's lists and keep them out of future searches",
        body: Body,
        response: {
          200: Type.Object({ ...MessageProperties, results_removed: Type.Integer(), accounts: Type.Integer() }),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const erasure = await erasePerson(db, request.body.email, user.impersonatorId ?? user.id, clock.now());
      return {
        ...say(request, 'privacy.person_erased', { n: erasure.results_removed, accounts: erasure.accounts }),
        results_removed: erasure.results_removed,
        accounts: erasure.accounts,
      };
    },
  );
}
