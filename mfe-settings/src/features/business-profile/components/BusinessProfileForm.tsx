import { Badge, Box, Button, Grid, Heading, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TextareaField, TextField, applyApiFieldErrors, useYupForm } from '@leadsmith/shared';
import type { BusinessProfileResponse } from '../api/get-business-profile';
import { businessProfileSchema, useSaveBusinessProfile, type BusinessProfileInput } from '../api/save-business-profile';

const EMPTY: BusinessProfileInput = {
  business_name: '',
  website: '',
  industry: '',
  description: '',
  target_audience: '',
  products_services: '',
  unique_selling_points: '',
  location: '',
};

export interface BusinessProfileFormProps {
  profile: BusinessProfileResponse;
}

/** The business profile (spec §2): AI tools and sales settings need it completed. */
export function BusinessProfileForm({ profile }: BusinessProfileFormProps) {
  const { t } = useTranslation('settings');
  const save = useSaveBusinessProfile();
  const form = useYupForm(businessProfileSchema, { defaultValues: profile.data ? pick(profile.data) : EMPTY });
  const { errors } = form.formState;
  const stored = profile.data;

  useEffect(() => {
    if (stored) form.reset(pick(stored));
  }, [stored, form]);

  const handleSubmit = form.handleSubmit((values) =>
    save.mutate({ id: stored?.id ?? null, values }, { onError: (error) => applyApiFieldErrors(form, error) }),
  );
  const f = (key: keyof BusinessProfileInput) => t(`businessProfile.fields.${key}`);

  return (
    <Box as="section" aria-labelledby="business-profile-form-heading">
      <Heading as="h2" id="business-profile-form-heading" size="lg" mb={2} display="flex" alignItems="center" gap={3}>
        {t('businessProfile.formTitle')}
        <Badge colorPalette={profile.profile_completed ? 'green' : 'orange'} data-testid="profile-status">
          {profile.profile_completed ? t('businessProfile.completed') : t('businessProfile.notCompleted')}
        </Badge>
      </Heading>
      <Text mb={4} color="text.primary">
        {t('businessProfile.intro')}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap={6}>
          <TextField
            label={f('business_name')}
            required
            registration={form.register('business_name')}
            error={errors.business_name}
          />
          <TextField
            label={f('website')}
            type="url"
            placeholder="https://"
            registration={form.register('website')}
            error={errors.website}
          />
          <TextField label={f('industry')} required registration={form.register('industry')} error={errors.industry} />
          <TextField label={f('location')} registration={form.register('location')} error={errors.location} />
        </Grid>
        <TextareaField
          rows={3}
          label={f('description')}
          required
          registration={form.register('description')}
          error={errors.description}
        />
        <TextareaField
          rows={3}
          label={f('target_audience')}
          required
          registration={form.register('target_audience')}
          error={errors.target_audience}
        />
        <TextareaField
          rows={3}
          label={f('products_services')}
          required
          registration={form.register('products_services')}
          error={errors.products_services}
        />
        <TextareaField
          rows={3}
          label={f('unique_selling_points')}
          registration={form.register('unique_selling_points')}
          error={errors.unique_selling_points}
        />
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {t('businessProfile.save')}
        </Button>
      </form>
    </Box>
  );
}

function pick(p: BusinessProfileInput): BusinessProfileInput {
  return {
    business_name: p.business_name,
    website: p.website,
    industry: p.industry,
    description: p.description,
    target_audience: p.target_audience,
    products_services: p.products_services,
    unique_selling_points: p.unique_selling_points,
    location: p.location,
  };
}
