import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  TextField,
  apiClient,
  apiErrorMessage,
  applyApiFieldErrors,
  toast,
  useYupForm,
  v,
  yup,
} from '@leadsmith/shared';
import { AuthCard } from './AuthCard';

const emailSchema = yup.object({ email: v.email() });
const codeSchema = yup.object({ code: v.required().matches(/^\d{6}$/, v.message('typeInvalid')) });
const passwordSchema = yup.object({ password: v.password(), password_confirmation: v.passwordConfirmation() });

type Step = { name: 'email' } | { name: 'code'; email: string } | { name: 'password'; email: string; code: string };

function useFailureToast() {
  const { t } = useTranslation('common');
  return (error: unknown) => toast.error(apiErrorMessage(error, t('errors.unexpected')));
}

function EmailStep({ onDone }: { onDone: (email: string) => void }) {
  const { t } = useTranslation('common');
  const form = useYupForm(emailSchema, { defaultValues: { email: '' } });
  const fail = useFailureToast();
  const send = useMutation({
    mutationFn: async (values: { email: string }) =>
      (await apiClient.post<{ message: string }>('/auth/forgot-password', values)).data,
    onSuccess: (_, values) => onDone(values.email),
    onError: (error) => (applyApiFieldErrors(form, error) ? undefined : fail(error)),
  });
  return (
    <form onSubmit={form.handleSubmit((values) => send.mutate(values))} noValidate>
      <Text mb={4}>{t('auth.forgotIntro')}</Text>
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={form.formState.errors.email}
      />
      <Button type="submit" colorPalette="brand" w="full" loading={send.isPending}>
        {t('auth.sendCode')}
      </Button>
    </form>
  );
}

function CodeStep({ email, onDone }: { email: string; onDone: (code: string) => void }) {
  const { t } = useTranslation('common');
  const form = useYupForm(codeSchema, { defaultValues: { code: '' } });
  const fail = useFailureToast();
  const check = useMutation({
    mutationFn: async (values: { code: string }) =>
      (await apiClient.post('/auth/reset-password/check-code', { email, code: values.code })).data,
    onSuccess: (_, values) => onDone(values.code),
    onError: (error) => (applyApiFieldErrors(form, error) ? undefined : fail(error)),
  });
  return (
    <form onSubmit={form.handleSubmit((values) => check.mutate(values))} noValidate>
      <Text mb={4} role="status">
        {t('auth.codeSentTo', { email })}
      </Text>
      <TextField
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        registration={form.register('code')}
        error={form.formState.errors.code}
      />
      <Button type="submit" colorPalette="brand" w="full" loading={check.isPending}>
        {t('auth.checkCode')}
      </Button>
    </form>
  );
}

function PasswordStep({ email, code }: { email: string; code: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const form = useYupForm(passwordSchema, { defaultValues: { password: '', password_confirmation: '' } });
  const fail = useFailureToast();
  const reset = useMutation({
    mutationFn: async (values: yup.InferType<typeof passwordSchema>) =>
      (await apiClient.post('/auth/reset-password', { email, code, ...values })).data,
    onSuccess: () => {
      toast.success(t('auth.resetDone'));
      navigate('/login', { replace: true });
    },
    onError: (error) => (applyApiFieldErrors(form, error) ? undefined : fail(error)),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => reset.mutate(values))} noValidate>
      <TextField
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        registration={form.register('password')}
        error={errors.password}
      />
      <TextField
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        registration={form.register('password_confirmation')}
        error={errors.password_confirmation}
      />
      <Button type="submit" colorPalette="brand" w="full" loading={reset.isPending}>
        {t('auth.resetPassword')}
      </Button>
    </form>
  );
}

/** Forgot password → code → new password (spec §7 reset flow). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('common');
  const [step, setStep] = useState<Step>({ name: 'email' });
  return (
    <AuthCard title={t('auth.forgotTitle')}>
      {step.name === 'email' ? <EmailStep onDone={(email) => setStep({ name: 'code', email })} /> : null}
      {step.name === 'code' ? (
        <CodeStep email={step.email} onDone={(code) => setStep({ name: 'password', email: step.email, code })} />
      ) : null}
      {step.name === 'password' ? <PasswordStep email={step.email} code={step.code} /> : null}
      <Stack align="center">
        <ChakraLink asChild color="brand.fg">
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </ChakraLink>
      </Stack>
    </AuthCard>
  );
}
