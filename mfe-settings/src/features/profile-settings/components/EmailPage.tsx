import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, PageSpinner, TextField, applyApiFieldErrors, useCurrentUser, useYupForm } from '@leadsmith/shared';
import {
  mailChangeSchema,
  mailCodeSchema,
  useConfirmMailChange,
  useMailChange,
  useRequestMailChange,
  useResendMailChange,
} from '../api/mail-change';
import { ProfileSettingsNav } from './ProfileSettingsNav';

/** Seconds left before "resend" is allowed again; counts down once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until, now]);
  const start = useCallback((seconds: number) => {
    setNow(Date.now());
    setUntil(Date.now() + seconds * 1000);
  }, []);
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}

function ConfirmForm({ pendingEmail, initialWait }: { pendingEmail: string; initialWait: number }) {
  const { t } = useTranslation('settings');
  const confirm = useConfirmMailChange();
  const form = useYupForm(mailCodeSchema, { defaultValues: { code: '' } });
  return (
    <Box as="section" aria-labelledby="mail-confirm-heading" borderWidth="1px" rounded="md" p={4} mt={6}>
      <Heading as="h2" id="mail-confirm-heading" size="md" mb={2}>
        {t('email.confirmTitle')}
      </Heading>
      <Text mb={3}>{t('email.codeSent', { email: pendingEmail })}</Text>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          confirm.mutate(values, {
            onSuccess: () => form.reset({ code: '' }),
            onError: (e) => applyApiFieldErrors(form, e),
          }),
        )}
      >
        <TextField
          label={t('email.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          registration={form.register('code')}
          error={form.formState.errors.code}
        />
        <Button type="submit" colorPalette="brand" loading={confirm.isPending}>
          {t('email.confirm')}
        </Button>
      </form>
      <ResendButton initialWait={initialWait} />
    </Box>
  );
}

function ResendButton({ initialWait }: { initialWait: number }) {
  const { t } = useTranslation('settings');
  const resend = useResendMailChange();
  const [wait, setWait] = useCountdown();
  useEffect(() => {
    if (initialWait > 0) setWait(initialWait);
  }, [initialWait, setWait]);
  return (
    <HStack mt={4} gap={3}>
      <Button
        variant="outline"
        size="sm"
        disabled={wait > 0}
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (data) => setWait(data.retry_after_seconds),
            onError: (e) => {
              const seconds = (e as { response?: { data?: { retry_after_seconds?: number } } }).response?.data
                ?.retry_after_seconds;
              if (seconds) setWait(seconds);
            },
          })
        }
      >
        {wait > 0 ? t('email.resendIn', { seconds: wait }) : t('email.resend')}
      </Button>
    </HStack>
  );
}

/** Profile settings → Email: request a change (code to the new address), resend, confirm. */
export function EmailPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const state = useMailChange();
  const request = useRequestMailChange();
  const form = useYupForm(mailChangeSchema, { defaultValues: { email: '' } });
  const pendingEmail = state.data?.pending_email ?? null;
  return (
    <Box>
      <PageHeader title={t('routes.email')} />
      <ProfileSettingsNav />
      {!user || state.isPending ? (
        <PageSpinner />
      ) : (
        <Box maxW="lg">
          <Text mb={4}>
            {t('email.current')} <strong data-testid="current-email">{user.email}</strong>
          </Text>
          <form
            noValidate
            onSubmit={form.handleSubmit((values) =>
              request.mutate(values, {
                onSuccess: () => form.reset({ email: '' }),
                onError: (e) => applyApiFieldErrors(form, e),
              }),
            )}
          >
            <TextField
              label={t('email.new')}
              type="email"
              autoComplete="email"
              registration={form.register('email')}
              error={form.formState.errors.email}
            />
            <Button type="submit" colorPalette="brand" loading={request.isPending}>
              {t('email.send')}
            </Button>
          </form>
          {pendingEmail ? (
            <ConfirmForm
              key={pendingEmail}
              pendingEmail={pendingEmail}
              initialWait={request.data?.pending_email === pendingEmail ? request.data.retry_after_seconds : 0}
            />
          ) : null}
        </Box>
      )}
    </Box>
  );
}
