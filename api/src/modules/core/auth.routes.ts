import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESEND_COOLDOWN_SECONDS } from '../../auth/codes';
import {
  configuredProviders,
  finishLogin,
  oidcSettings,
  SOCIAL_PROVIDERS,
  startLogin,
  type SocialProvider,
} from '../../auth/oidc';
import { revokeToken } from '../../auth/tokens';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { Empty, Message, MessageProperties, StringEnum, Type, type Static } from '../../http/contract';
import { anyPasswordSchema, codeSchema, emailSchema, nameSchema, passwordSchema } from '../../http/schemas';
import { loadUserDto, UserSchema } from '../../users/users';
import { say } from '../../http/respond';
import {
  checkResetCode,
  confirmEmail,
  forgotPassword,
  keepSocialLogin,
  login,
  register,
  resendConfirmation,
  resetPassword,
  signInSocialIdentity,
  takeSocialLogin,
  throwForCode,
  type Issued,
} from './auth.service';

/** A session: the bearer token, when it ends, and the signed-in user (sign-in, email confirmation, social sign-in). */
export const LoginSchema = Type.Object({
  token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_at: Type.String({ format: 'date-time' }),
  user: UserSchema,
});
export type LoginResponse = Static<typeof LoginSchema>;

export function authRoutes(api: FastifyInstance, deps: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, config } = deps;

  async function loginResponse({ userId, token, expiresAt }: Issued): Promise<LoginResponse> {
    const user = await loadUserDto(db, userId, config.chatWidgetSecret, clock.now());
    if (!user) throw new Error(`user ${userId} vanished while signing in`);
    return { token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user };
  }

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with email and password',
        response: { 200: LoginSchema },
        body: Type.Object({ email: emailSchema, password: anyPasswordSchema }, { additionalProperties: false }),
      },
    },
    async (request) => loginResponse(await login(deps, request.body.email, request.body.password, request.ip)),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Sign out: the token stops working',
        response: { 200: Type.Object({ success: Type.Literal(true) }) },
        body: Empty,
      },
    },
    async (request) => {
      await revokeToken(db, currentUser(request).tokenId, clock.now());
      return { success: true } as const;
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        summary: 'Create an account; a confirmation code is emailed',
        response: { 201: Type.Object({ ...MessageProperties, email: Type.String() }) },
        body: Type.Object(
          {
            first_name: nameSchema,
            last_name: nameSchema,
            email: emailSchema,
            password: passwordSchema,
            password_confirmation: anyPasswordSchema,
            // A partner's referral code from the link the visitor came by (`?ref=`); an unknown or inactive one is ignored.
            ref: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9-]+$' })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.password !== body.password_confirmation)
        throw validationError({ field: 'password_confirmation', code: 'validation.passwords_match' });
      const email = await register(deps, body, request.lang, request.hostname);
      reply.code(201);
      return { ...say(request, 'confirmation_sent', { email }), email };
    },
  );

  app.post(
    '/auth/confirm-email',
    {
      schema: {
        summary: 'Confirm the email with its code; signs in',
        response: { 200: LoginSchema },
        body: Type.Object({ email: emailSchema, code: codeSchema }, { additionalProperties: false }),
      },
    },
    async (request) => loginResponse(await confirmEmail(deps, request.body.email, request.body.code)),
  );

  app.post(
    '/auth/resend-email-verification-code',
    {
      schema: {
        summary: 'Send the confirmation code again',
        response: { 200: Type.Object({ ...MessageProperties, retry_after_seconds: Type.Integer() }) },
        body: Type.Object({ email: emailSchema }, { additionalProperties: false }),
      },
    },
    async (request) => {
      // Same answer for unknown and already-confirmed emails: no account enumeration.
      const email = await resendConfirmation(deps, request.body.email, request.hostname);
      return { ...say(request, 'confirmation_resent', { email }), retry_after_seconds: RESEND_COOLDOWN_SECONDS };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'Email a password reset code',
        response: { 200: Message },
        body: Type.Object({ email: emailSchema }, { additionalProperties: false }),
      },
    },
    async (request) => {
      // Always 200 (no enumeration); within the cooldown the earlier code stays valid and no new mail goes out.
      const email = await forgotPassword(deps, request.body.email, request.hostname);
      return say(request, 'reset_code_sent', { email });
    },
  );

  app.post(
    '/auth/reset-password/check-code',
    {
      schema: {
        summary: 'Check a password reset code without using it',
        response: { 200: Type.Object({ valid: Type.Literal(true) }) },
        body: Type.Object({ email: emailSchema, code: codeSchema }, { additionalProperties: false }),
      },
    },
    async (request) => {
      const result = await checkResetCode(deps, request.body.email, request.body.code, false);
      throwForCode(result);
      return { valid: true } as const;
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        summary: 'Set a new password with the reset code',
        response: { 200: Message },
        body: Type.Object(
          { email: emailSchema, code: codeSchema, password: passwordSchema, password_confirmation: anyPasswordSchema },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const body = request.body;
      if (body.password !== body.password_confirmation)
        throw validationError({ field: 'password_confirmation', code: 'validation.passwords_match' });
      const result = await resetPassword(deps, body.email, body.code, body.password);
      throwForCode(result);
      return say(request, 'password_reset');
    },
  );

  app.get(
    '/auth/social/providers',
    {
      schema: {
        summary: 'The social sign-in providers configured here',
        response: { 200: Type.Object({ providers: Type.Array(StringEnum(SOCIAL_PROVIDERS)) }) },
      },
    },
    async () => ({
      providers: configuredProviders(),
    }),
  );

  /** Where the provider sends the browser back: the shell's /callback on this origin (spec §2). */
  const callbackUrl = (request: FastifyRequest) =>
    new URL('/callback', `${request.protocol}://${request.headers.host ?? 'localhost'}`).href;

  app.post(
    '/auth/social/:provider/start',
    {
      schema: {
        summary: 'Start signing in with a social provider: the authorization URL (PKCE, state and nonce kept here)',
        params: Type.Object({ provider: StringEnum(SOCIAL_PROVIDERS) }, { additionalProperties: false }),
        body: Empty,
        response: { 200: Type.Object({ url: Type.String() }) },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { provider } = request.params;
      const settings = oidcSettings(provider);
      if (!settings) throw unprocessable('provider_not_configured', 'provider', { provider });
      const redirectUri = callbackUrl(request);
      const started = await startLogin(settings, redirectUri).catch((error: unknown) => {
        request.log.warn({ err: error }, 'social sign-in could not start');
        throw unprocessable('social_failed', 'provider', { provider: 'Google' });
      });
      await keepSocialLogin(deps, started, provider, redirectUri);
      return { url: started.url };
    },
  );

  app.post(
    '/auth/login-with-social',
    {
      schema: {
        summary: "Finish a social sign-in with the provider's code",
        response: { 200: LoginSchema },
        body: Type.Object(
          {
            token: Type.String({ minLength: 1, maxLength: 8192 }),
            provider: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' }),
            state: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { provider, token: code, state } = request.body;
      const settings = (SOCIAL_PROVIDERS as readonly string[]).includes(provider)
        ? oidcSettings(provider as SocialProvider)
        : null;
      if (!settings) throw unprocessable('provider_not_configured', 'provider', { provider });
      if (!state) throw validationError({ field: 'state', code: 'validation.required' });
      // The state is used once: the row goes whatever happens next.
      const started = await takeSocialLogin(deps, state, provider);
      if (!started) throw unprocessable('social_state_invalid', 'state');
      const label = 'Google';
      const identity = await finishLogin(settings, {
        redirectUri: started.redirect_uri,
        code,
        state,
        codeVerifier: started.code_verifier,
        nonce: started.nonce,
      }).catch((error: unknown) => {
        request.log.warn({ err: error }, 'social sign-in failed');
        throw unprocessable('social_failed', 'token', { provider: label });
      });
      if (!identity.emailVerified) throw unprocessable('social_email_unverified', 'token', { provider: label });
      // A first sign-in makes the account (the provider vouched for the address); the password is random until reset.
      const issued = await signInSocialIdentity(deps, identity, request.lang);
      if (!issued) throw unprocessable('social_failed', 'token', { provider: label });
      return loginResponse(issued);
    },
  );
}
