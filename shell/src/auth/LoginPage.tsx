import { Button, Link as ChakraLink, Separator, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  TextField,
  apiClient,
  apiErrorMessage,
  applyApiFieldErrors,
  toast,
  useYupForm,
  v,
  yup,
  type LoginResponse,
} from '@leadsmith/shared';
import { AuthCard } from './AuthCard';
import { confirmEmailPath } from './ConfirmEmailPage';
import { useStartSession } from './session';

/** Social providers the API has keys for (GET /auth/social/providers); none hides the buttons. */
function useSocialProviders(): string[] {
  return (
    useQuery({
      queryKey: ['shell', 'social-providers'],
      queryFn: async () => (await apiClient.get<{ providers: string[] }>('/auth/social/providers')).data.providers,
      staleTime: 300_000,
    }).data ?? []
  );
}

function isUnverified(error: unknown): error is { response: { data: { email?: string } } } {
  const response = (error as { response?: { status?: number; data?: { code?: string } } }).response;
  return response?.status === 403 && response.data?.code === 'email_not_verified';
}

const loginSchema = yup.object({ email: v.email(), password: v.required() });
type LoginValues = yup.InferType<typeof loginSchema>;

export function LoginPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const startSession = useStartSession();
  const form = useYupForm(loginSchema, { defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: async (values: LoginValues) => (await apiClient.post<LoginResponse>('/auth/login', values)).data,
    onSuccess: (data) => {
      startSession(data);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/', { replace: true });
    },
    onError: (error, values) => {
      // Not confirmed yet: the confirm screen, where a new code can be asked for.
      if (isUnverified(error)) {
        navigate(confirmEmailPath(error.response.data.email ?? values.email));
        return;
      }
      applyApiFieldErrors(form, error);
      // No token is stored yet, so the client does not toast: the page does (spec §8 message).
      toast.error(apiErrorMessage(error, t('errors.unexpected')));
    },
  });
  const providers = useSocialProviders();
  const google = useMutation({
    mutationFn: async () => (await apiClient.post<{ url: string }>('/auth/social/google/start', {})).data,
    onSuccess: (data) => window.location.assign(data.url),
    onError: (error) => toast.error(apiErrorMessage(error, t('errors.unexpected'))),
  });
  const { errors } = form.formState;
  return (
    <AuthCard title={t('auth.loginTitle')}>
      <form onSubmit={form.handleSubmit((values) => login.mutate(values))} noValidate>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          registration={form.register('email')}
          error={errors.email}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password}
        />
        <Stack gap={4}>
          <Button
            type="submit"
            colorPalette="brand"
            loading={login.isPending}
            loadingText={t('auth.signingIn')}
            w="full"
          >
            {t('auth.signIn')}
          </Button>
          <ChakraLink asChild color="brand.fg" alignSelf="center">
            <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
          </ChakraLink>
          {providers.includes('google') ? (
            <>
              <Separator />
              <Button variant="outline" w="full" loading={google.isPending} onClick={() => google.mutate()}>
                {t('auth.withGoogle')}
              </Button>
            </>
          ) : null}
          <ChakraLink asChild color="brand.fg" alignSelf="center">
            <Link to="/register">{t('auth.noAccount')}</Link>
          </ChakraLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
