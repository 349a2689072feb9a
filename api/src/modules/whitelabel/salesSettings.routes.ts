import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Defaulted, MessageProperties, Nullable, OrNull, Timestamp, Type } from '../../http/contract';
import { say } from '../../http/respond';
import { paymentsFor } from '../../providers/payments';
import { businessAccountOf, isBusinessAccountDone } from './businessAccount.repository';
import {
  blankToNull,
  idParamsSchema,
  isHttpUrl,
  Issues,
  notFound,
  resellerGuard,
  resellerIdOf,
  urlSchema,
} from './common';
import { packageOf } from './packages.repository';
import { renderSalesPage } from './salesPageHtml';
import { salesSettingsOf } from './salesSettings.repository';
import { saveSalesSettings } from './salesSettings.service';

const SALES_COLOR_FIELDS = ['primary_color', 'secondary_color', 'background_color', 'text_color'] as const;

const SalesSettingsSchema = Type.Object({
  business_name: Type.String(),
  primary_color: Type.String(),
  secondary_color: Type.String(),
  background_color: Type.String(),
  text_color: Type.String(),
  sales_page_url: Nullable(Type.String()),
  terms_url: Nullable(Type.String()),
  subdomain_url: Nullable(Type.String()),
  body_html: Type.String(),
  updated_at: Timestamp(),
});
const PublicPath = Type.String({ description: "The package's public sales page (/p/{slug})." });

/** A colour the page needs (the picker's `#RRGGBB`, checked by Issues.color). */
const requiredColor = Type.String({ maxLength: 7, minLength: 1 });
const SalesSettingsBody = Type.Object(
  {
    business_name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    primary_color: requiredColor,
    secondary_color: requiredColor,
    background_color: requiredColor,
    text_color: requiredColor,
    sales_page_url: Type.Optional(urlSchema),
    terms_url: Type.Optional(urlSchema),
    subdomain_url: Type.Optional(urlSchema),
    body_html: Defaulted(OrNull(Type.String({ maxLength: 50_000, default: '' }))),
  },
  { additionalProperties: false },
);

export function salesSettingsRoutes(api: FastifyInstance, deps: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = deps;
  const guard = resellerGuard(api);

  app.get(
    '/api/whitelabel/packages/:id/sales-settings',
    {
      onRequest: guard,
      schema: {
        summary: "A package's sales page settings (null before they are saved)",
        params: idParamsSchema,
        response: {
          200: Type.Object({
            data: Nullable(SalesSettingsSchema),
            business_account_completed: Type.Boolean(),
            public_path: PublicPath,
          }),
        },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const pkg = await packageOf(db, owner, request.params.id);
      if (!pkg) throw notFound();
      return {
        data: await salesSettingsOf(db, pkg.id),
        business_account_completed: await isBusinessAccountDone(db, owner),
        public_path: `/p/${pkg.slug}`,
      };
    },
  );

  app.put(
    '/api/whitelabel/packages/:id/sales-settings',
    {
      onRequest: guard,
      schema: {
        summary: "Save a package's sales page settings",
        params: idParamsSchema,
        body: SalesSettingsBody,
        response: { 200: Type.Object({ ...MessageProperties, data: SalesSettingsSchema, public_path: PublicPath }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const pkg = await packageOf(db, owner, request.params.id);
      if (!pkg) throw notFound();
      const b = request.body;
      const input = {
        ...b,
        business_name: b.business_name.trim(),
        sales_page_url: blankToNull(b.sales_page_url),
        terms_url: blankToNull(b.terms_url),
        subdomain_url: blankToNull(b.subdomain_url),
        body_html: b.body_html ?? '',
      };
      const issues = new Issues();
      for (const f of SALES_COLOR_FIELDS) issues.color(f, input[f]);
      issues.url('sales_page_url', input.sales_page_url);
      issues.url('terms_url', input.terms_url);
      issues.url('subdomain_url', input.subdomain_url);
      issues.throwIfAny();
      const data = await saveSalesSettings(db, owner, pkg.id, input, clock.now());
      return { ...say(request, 'whitelabel.sales_saved'), data, public_path: `/p/${pkg.slug}` };
    },
  );

  // The draft of the form drawn as the public page draws it (the same HTML, its brand, offer and form);
  // a colour or URL not valid yet is drawn with the default or left out.
  app.post(
    '/api/whitelabel/packages/:id/sales-settings/preview',
    {
      onRequest: guard,
      schema: {
        summary: "A draft of a package's sales settings drawn as its public sales page",
        params: idParamsSchema,
        body: Type.Object(
          {
            business_name: Type.Optional(Type.String({ maxLength: 100 })),
            primary_color: Type.Optional(Nullable(Type.String({ maxLength: 7 }))),
            secondary_color: Type.Optional(Nullable(Type.String({ maxLength: 7 }))),
            background_color: Type.Optional(Nullable(Type.String({ maxLength: 7 }))),
            text_color: Type.Optional(Nullable(Type.String({ maxLength: 7 }))),
            sales_page_url: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
            terms_url: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
            body_html: Type.Optional(Nullable(Type.String({ maxLength: 50_000 }))),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            html: Type.String({
              description: 'The whole page (show it in a sandboxed frame: it holds the reseller’s HTML and script)',
            }),
          }),
        },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const pkg = await packageOf(db, owner, request.params.id);
      if (!pkg) throw notFound();
      const b = request.body;
      const account = await businessAccountOf(db, owner);
      const url = (value: string | null | undefined) => (value && isHttpUrl(value.trim()) ? value.trim() : null);
      const sales = {
        business_name: b.business_name?.trim() || account?.name || '',
        primary_color: b.primary_color ?? '',
        secondary_color: b.secondary_color ?? '',
        background_color: b.background_color ?? '',
        text_color: b.text_color ?? '',
        sales_page_url: url(b.sales_page_url),
        terms_url: url(b.terms_url),
        body_html: b.body_html ?? '',
      };
      return {
        html: renderSalesPage(request.lang, { pkg, sales, account }, { provider: paymentsFor(deps).provider.name }),
      };
    },
  );
}
