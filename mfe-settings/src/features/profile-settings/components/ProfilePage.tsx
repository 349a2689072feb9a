import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  SelectField,
  LANGUAGES,
  PageHeader,
  PageSpinner,
  TextField,
  applyApiFieldErrors,
  useCurrentUser,
  useYupForm,
} from '@leadsmith/shared';
import { googleApiKeySchema, useGoogleApiKey } from '../api/google-api-key';
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
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, { onError: (error) => applyApiFieldErrors(form, error) }),
        )}
      >
        <TextField
          label={t('profileSettings.firstName')}
          autoComplete="given-name"
          registration={form.register('first_name')}
          error={errors.first_name}
        />
        <TextField
          label={t('profileSettings.lastName')}
          autoComplete="family-name"
          registration={form.register('last_name')}
          error={errors.last_name}
        />
        <SelectField
          label={t('profileSettings.language')}
          registration={form.register('lang')}
          error={errors.lang}
          options={LANGUAGES.map((lang) => ({ value: lang, label: tc(`language.${lang}`) }))}
        />
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </form>
    </Box>
  );
}

/** The user's own Google API key: local searches use Google Places with it (write-only: only whether one is set shows). */
function GoogleApiKeyForm({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation('settings');
  const { save, remove } = useGoogleApiKey();
  const form = useYupForm(googleApiKeySchema, { defaultValues: { google_api_key: '' } });
  return (
    <Box maxW="lg" mt={10}>
      <Heading as="h2" size="md" mb={2}>
        {t('googleApiKey.heading')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb={4}>
        {t('googleApiKey.hint')}
      </Text>
      <Text fontSize="sm" mb={4} data-testid="google-api-key-status">
        {isSet ? t('googleApiKey.set') : t('googleApiKey.notSet')}
      </Text>
      <form
        noValidate
        aria-label={t('googleApiKey.heading')}
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: () => form.reset({ google_api_key: '' }),
            onError: (error) => applyApiFieldErrors(form, error),
          }),
        )}
      >
        <TextField
          label={t('googleApiKey.label')}
          type="password"
          autoComplete="off"
          registration={form.register('google_api_key')}
          error={form.formState.errors.google_api_key}
        />
        <HStack gap={2}>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            {t('googleApiKey.save')}
          </Button>
          {isSet ? (
            <Button variant="outline" onClick={() => remove.mutate()} loading={remove.isPending}>
              {t('googleApiKey.remove')}
            </Button>
          ) : null}
        </HStack>
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
      {user ? (
        <ProfileForm
          key={user.id}
          defaults={{ first_name: user.first_name, last_name: user.last_name, lang: user.lang }}
        />
      ) : (
        <PageSpinner />
      )}
      {user && !user.team_owner_id ? <GoogleApiKeyForm isSet={user.has_google_api_key} /> : null}
    </Box>
  );
}
