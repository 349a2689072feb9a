import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageSpinner, apiClient, apiErrorMessage, paths, useSessionStore, type LoginResponse } from '@leadsmith/shared';
import { AuthCard } from './AuthCard';
import { useStartSession } from './session';

/**
 * /callback: return point of social sign-in. The OpenID Connect provider sends `?code=…&state=…`
 * (the API keeps the PKCE verifier and nonce under that state); `?token=…&provider=…` is the spec's form.
 */
export function CallbackPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const state = params.get('state');
  const token = params.get('code') ?? params.get('token');
  const provider = params.get('provider') ?? (params.get('code') ? 'google' : null);
  const denied = params.get('error');
  const startSession = useStartSession();
  const started = useRef(false);
  const exchange = useMutation({
    mutationFn: async () =>
      (await apiClient.post<LoginResponse>('/auth/login-with-social', { token, provider, ...(state ? { state } : {}) }))
        .data,
    onSuccess: (data) => {
      startSession(data);
      navigate('/', { replace: true });
    },
  });
  useEffect(() => {
    if (started.current || !token || !provider || denied) return;
    started.current = true;
    exchange.mutate();
  }, [exchange, token, provider, denied]);

  const failed = !token || !provider || Boolean(denied) || exchange.isError;
  return (
    <AuthCard title={t('auth.callbackTitle')}>
      {failed ? (
        <Text role="alert">
          {exchange.isError
            ? apiErrorMessage(exchange.error, t('auth.callbackFailed'))
            : denied
              ? t('auth.callbackDenied')
              : t('auth.callbackFailed')}
        </Text>
      ) : (
        <PageSpinner />
      )}
      <ChakraLink asChild color="brand.fg">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </ChakraLink>
    </AuthCard>
  );
}

/**
 * /crm/callback: the CRM sends the user back here with `?code=…&state=…`.
 * The integration page of Settings completes the exchange, so the query is
 * handed over to it unchanged.
 */
export function CrmCallbackPage() {
  const { t } = useTranslation('common');
  const { search } = useLocation();
  const token = useSessionStore((s) => s.token);
  const code = new URLSearchParams(search).get('code');
  if (!token) return <Navigate to="/login" replace state={{ from: `/crm/callback${search}` }} />;
  if (code) return <Navigate to={`${paths.settings.integration('crm')}${search}`} replace />;
  return (
    <AuthCard title={t('auth.crmCallbackTitle')}>
      <Text role="alert">{t('auth.crmCallbackFailed')}</Text>
      <ChakraLink asChild color="brand.fg">
        <Link to={paths.settings.integration('crm')}>{t('auth.goToIntegrations')}</Link>
      </ChakraLink>
    </AuthCard>
  );
}
