import { Box, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader, TextField, applyApiFieldErrors, useYupForm } from '@leadsmith/shared';
import { passwordSchema, useChangePassword } from '../api/change-password';
import { ProfileSettingsNav } from './ProfileSettingsNav';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Profile settings → Password: current + new (min 6) + confirmation (must match). */
export function PasswordPage() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const form = useYupForm(passwordSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  return (
    <Box>
      <PageHeader title={t('routes.password')} />
      <ProfileSettingsNav />
      <Box maxW="lg">
        <form
          noValidate
          onSubmit={form.handleSubmit((values) =>
            change.mutate(values, {
              onSuccess: () => form.reset(EMPTY),
              onError: (error) => applyApiFieldErrors(form, error),
            }),
          )}
        >
          <TextField
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            registration={form.register('current_password')}
            error={errors.current_password}
          />
          <TextField
            label={t('password.new')}
            type="password"
            autoComplete="new-password"
            registration={form.register('password')}
            error={errors.password}
          />
          <TextField
            label={t('password.confirm')}
            type="password"
            autoComplete="new-password"
            registration={form.register('password_confirmation')}
            error={errors.password_confirmation}
          />
          <Button type="submit" colorPalette="brand" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </form>
      </Box>
    </Box>
  );
}
