import { Box, Button, Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, PageHeader, PageSpinner, TextField, applyApiFieldErrors, useCurrentUser, useYupForm } from '@leadsmith/shared';
import { profileSchema, useUpdateProfile, type ProfileInput } from '../api/update-profile';
import { ProfileSettingsNav } from './ProfileSettingsNav';

function ProfileForm({ defaults }: { defaults: ProfileInput }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const save = useUpdateProfile();
  const form = useYupForm(profileSchema, { defaultValues: defaults });
  const { errors } = form.formState;
  return (
    <Box maxW="lg">
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onError: (error) => applyApiFieldErrors(form, error) }))}>
      <TextField label={t('profileSettings.firstName')} autoComplete="given-name" registration={form.register('first_name')} error={errors.first_name} />
      <TextField label={t('profileSettings.lastName')} autoComplete="family-name" registration={form.register('last_name')} error={errors.last_name} />
      <Field.Root mb={4} invalid={Boolean(errors.lang)}>
        <Field.Label>{t('profileSettings.language')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.register('lang')}>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {tc(`language.${lang}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button type="submit" colorPalette="brand" loading={save.isPending}>
        {t('actions.save')}
      </Button>
    </form>
    </Box>
  );
}

/** Profile settings → Profile: name and language (POST /api/me). */
export function ProfilePage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  return (
    <Box>
      <PageHeader title={t('routes.profile')} />
      <ProfileSettingsNav />
      {user ? <ProfileForm key={user.id} defaults={{ first_name: user.first_name, last_name: user.last_name, lang: user.lang }} /> : <PageSpinner />}
    </Box>
  );
}
