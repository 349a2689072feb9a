import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField, apiClient, apiErrorMessage, applyApiFieldErrors, toast, useYupForm, v, yup, type LoginResponse } from '@leadsmith/shared';
import { AuthCard } from './AuthCard';
import { useStartSession } from './session';

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
    onError: (error) => {
      applyApiFieldErrors(form, error);
      // No token is stored yet, so the client does not toast: the page does (spec §8 message).
      toast.error(apiErrorMessage(error, t('errors.unexpected')));
    },
  });
  const { errors } = form.formState;
  return (
    <AuthCard title={t('auth.loginTitle')}>
      <form onSubmit={form.handleSubmit((values) => login.mutate(values))} noValidate>
        <TextField label={t('auth.email')} type="email" autoComplete="email" registration={form.register('email')} error={errors.email} />
        <TextField label={t('auth.password')} type="password" autoComplete="current-password" registration={form.register('password')} error={errors.password} />
        <Stack gap={4}>
          <Button type="submit" colorPalette="brand" loading={login.isPending} loadingText={t('auth.signingIn')} w="full">
            {t('auth.signIn')}
          </Button>
          <ChakraLink asChild color="brand.fg" alignSelf="center">
            <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
          </ChakraLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
