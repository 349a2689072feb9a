import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
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
import { useStartSession } from './session';

/** Seconds before another code may be asked for: the API's resend cooldown (it answers 429 sooner). */
export const RESEND_COOLDOWN_SECONDS = 60;

/** The confirm screen for `email`; `justSent` starts the resend countdown (a code has just gone out). */
export function confirmEmailPath(email: string, justSent = false): string {
  const query = new URLSearchParams({ email });
  if (justSent) query.set('sent', '1');
  return `/confirm-email?${query.toString()}`;
}

const codeSchema = yup.object({ code: v.required().matches(/^\d{6}$/, v.message('typeInvalid')) });

/** Counts down once a second to zero; `restart(n)` starts again from n. */
function useCountdown(initial: number): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

function retryAfter(error: unknown): number | null {
  const body = (error as { response?: { status?: number; data?: { retry_after_seconds?: number } } }).response;
  return body?.status === 429 && typeof body.data?.retry_after_seconds === 'number'
    ? body.data.retry_after_seconds
    : null;
}

/**
 * /confirm-email?email=…: the 6-digit code from the email confirms the address and signs the user in
 * (spec §7 /auth/confirm-email); "send a new code" waits out the resend countdown.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const startSession = useStartSession();
  const params = new URLSearchParams(useLocation().search);
  const email = params.get('email') ?? '';
  const [left, restart] = useCountdown(params.get('sent') ? RESEND_COOLDOWN_SECONDS : 0);
  const form = useYupForm(codeSchema, { defaultValues: { code: '' } });
  const confirm = useMutation({
    mutationFn: async (values: { code: string }) =>
      (await apiClient.post<LoginResponse>('/auth/confirm-email', { email, code: values.code })).data,
    onSuccess: (data) => {
      startSession(data);
      navigate('/', { replace: true });
    },
    onError: (error) => {
      if (!applyApiFieldErrors(form, error)) toast.error(apiErrorMessage(error, t('errors.unexpected')));
    },
  });
  const resend = useMutation({
    mutationFn: async () =>
      (
        await apiClient.post<{ message: string; retry_after_seconds: number }>('/auth/resend-email-verification-code', {
          email,
        })
      ).data,
    onSuccess: (data) => {
      toast.success(data.message);
      restart(data.retry_after_seconds);
    },
    onError: (error) => {
      const wait = retryAfter(error);
      if (wait !== null) restart(wait);
      toast.error(apiErrorMessage(error, t('errors.unexpected')));
    },
  });
  if (!email) return <Navigate to="/register" replace />;
  return (
    <AuthCard title={t('auth.confirmTitle')}>
      <form
        onSubmit={form.handleSubmit((values) => confirm.mutate(values))}
        noValidate
        aria-label={t('auth.confirmTitle')}
      >
        <Text mb={4} role="status">
          {t('auth.confirmIntro', { email })}
        </Text>
        <TextField
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          registration={form.register('code')}
          error={form.formState.errors.code}
        />
        <Stack gap={4}>
          <Button type="submit" colorPalette="brand" w="full" loading={confirm.isPending}>
            {t('auth.confirmEmail')}
          </Button>
          <Button variant="outline" w="full" disabled={left > 0 || resend.isPending} onClick={() => resend.mutate()}>
            {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.resend')}
          </Button>
          <ChakraLink asChild color="brand.fg" alignSelf="center">
            <Link to="/login">{t('auth.backToLogin')}</Link>
          </ChakraLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
