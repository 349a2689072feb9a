import { Box, Button, chakra, Field, Flex, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  CRM_IDS,
  ErrorState,
  PageHeader,
  PageSpinner,
  TextField,
  useYupForm,
  CheckboxField,
  TextareaField,
} from '@leadsmith/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SandboxedPreview } from '../../../components/SandboxedPreview';
import { BrandImageField } from './BrandImageField';
import { DomainSection } from './DomainSection';
import type { BusinessAccount } from '../api/getBusinessAccount';
import { useBusinessAccount } from '../api/getBusinessAccount';
import {
  businessAccountSchema,
  COLOR_FIELDS,
  useSaveBusinessAccount,
  type BusinessAccountValues,
} from '../api/saveBusinessAccount';
import { brandingPreviewHtml } from './brandingPreview';

const blank = (s: string) => (s.trim() === '' ? null : s.trim());

const DEFAULT_PICKER = {
  login_page_bg_color: '#F4F4FB',
  sidebar_background_color: '#FFFFFF',
  button_color: '#573BFF',
  secondary_color: '#01C0F6',
  text_color: '#202633',
  heading_color: '#202633',
} as const;

function BusinessAccountForm({ account }: { account: BusinessAccount | null }) {
  const { t, i18n } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveBusinessAccount();
  const form = useYupForm(businessAccountSchema, {
    defaultValues: {
      name: account?.name ?? '',
      domain: account?.domain ?? '',
      content: account?.content ?? '',
      logo: account?.logo ?? '',
      favicon: account?.favicon ?? '',
      support_url: account?.support_url ?? '',
      support_email: account?.support_email ?? '',
      script: account?.script ?? '',
      login_page_bg_color: account?.login_page_bg_color ?? '',
      sidebar_background_color: account?.sidebar_background_color ?? '',
      button_color: account?.button_color ?? '',
      secondary_color: account?.secondary_color ?? '',
      text_color: account?.text_color ?? '',
      heading_color: account?.heading_color ?? '',
      // A new business account shows its courses: a reseller who publishes one expects its customers to see it.
      show_training_center: account?.show_training_center ?? true,
      crms: account?.crms ?? [],
    },
  });
  const {
    register,
    control,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const values = watch();
  const submit = form.handleSubmit(async (v: BusinessAccountValues) => {
    try {
      await save.mutateAsync({
        name: v.name.trim(),
        domain: v.domain.trim(),
        content: blank(v.content),
        logo: blank(v.logo),
        favicon: blank(v.favicon),
        support_url: blank(v.support_url),
        support_email: blank(v.support_email),
        script: blank(v.script),
        login_page_bg_color: blank(v.login_page_bg_color),
        sidebar_background_color: blank(v.sidebar_background_color),
        button_color: blank(v.button_color),
        secondary_color: blank(v.secondary_color),
        text_color: blank(v.text_color),
        heading_color: blank(v.heading_color),
        show_training_center: v.show_training_center,
        crms: v.crms as BusinessAccount['crms'],
      });
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  const preview = brandingPreviewHtml(
    values,
    {
      dashboard: t('account.preview.dashboard'),
      heading: t('account.preview.heading'),
      body: t('account.preview.body'),
      button: t('account.preview.button'),
      secondary: t('account.preview.secondary'),
      login: t('account.preview.login'),
      support: t('account.preview.support'),
    },
    i18n.language,
  );
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap={8} alignItems="start">
      <chakra.form onSubmit={(e) => void submit(e)} noValidate aria-label={t('routes.businessAccount')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
          <TextField label={t('account.name')} registration={register('name')} error={errors.name} />
          <TextField
            label={t('account.domainLabel')}
            registration={register('domain')}
            error={errors.domain}
            placeholder="app.example.com"
          />
          <BrandImageField
            kind="logo"
            label={t('account.logo')}
            uploadLabel={t('account.uploadLogo')}
            registration={register('logo')}
            error={errors.logo}
            value={values.logo}
            onUploaded={(path) => setValue('logo', path, { shouldValidate: true, shouldDirty: true })}
          />
          <BrandImageField
            kind="favicon"
            label={t('account.favicon')}
            uploadLabel={t('account.uploadFavicon')}
            registration={register('favicon')}
            error={errors.favicon}
            value={values.favicon}
            onUploaded={(path) => setValue('favicon', path, { shouldValidate: true, shouldDirty: true })}
          />
          <TextField
            label={t('account.supportUrl')}
            registration={register('support_url')}
            error={errors.support_url}
            placeholder="https://"
          />
          <TextField
            label={t('account.supportEmail')}
            registration={register('support_email')}
            error={errors.support_email}
            type="email"
          />
        </SimpleGrid>
        <TextareaField
          label={t('account.content')}
          registration={register('content')}
          error={errors.content}
          rows={2}
        />
        <Heading as="h2" size="md" mt={2} mb={3}>
          {t('account.colors')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
          {COLOR_FIELDS.map((name) => (
            <Field.Root key={name} invalid={Boolean(errors[name])} mb={4}>
              <Field.Label>{t(`account.${name}`)}</Field.Label>
              <Flex gap={2}>
                <Input {...register(name)} placeholder={DEFAULT_PICKER[name]} />
                <input
                  type="color"
                  aria-label={t('account.pick', { field: t(`account.${name}`) })}
                  value={/^#[0-9a-fA-F]{6}$/.test(values[name] ?? '') ? values[name] : DEFAULT_PICKER[name]}
                  onChange={(e) =>
                    setValue(name, e.target.value.toUpperCase(), { shouldValidate: true, shouldDirty: true })
                  }
                  style={{ width: '2.5rem', height: '2.5rem', border: 0, background: 'transparent' }}
                />
              </Flex>
              {errors[name] ? <Field.ErrorText color="red.700">{errors[name]?.message}</Field.ErrorText> : null}
            </Field.Root>
          ))}
        </SimpleGrid>
        <Controller
          control={control}
          name="show_training_center"
          render={({ field }) => (
            <CheckboxField label={t('account.showTrainingCenter')} checked={field.value} onChange={field.onChange} />
          )}
        />
        <Box as="fieldset" mb={4}>
          <Text as="legend" fontWeight="medium" mb={2}>
            {t('account.crms')}
          </Text>
          <Text fontSize="sm" color="fg.muted" mb={2}>
            {t('account.crmsHelp')}
          </Text>
          <Controller
            control={control}
            name="crms"
            render={({ field }) => (
              <Flex gap={4} wrap="wrap">
                {CRM_IDS.map((id) => (
                  <CheckboxField
                    key={id}
                    label={t(`crms.${id}`)}
                    checked={field.value.includes(id)}
                    onChange={(on) =>
                      field.onChange(on ? [...field.value, id] : field.value.filter((c: string) => c !== id))
                    }
                  />
                ))}
              </Flex>
            )}
          />
        </Box>
        <TextareaField
          label={t('account.script')}
          registration={register('script')}
          error={errors.script}
          rows={4}
          mono
          helper={t('account.scriptHelp')}
        />
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
      </chakra.form>
      <Box as="section" aria-labelledby="preview-title" position={{ xl: 'sticky' }} top={4}>
        <Heading as="h2" size="md" mb={2} id="preview-title">
          {t('account.previewTitle')}
        </Heading>
        <Text mb={3} fontSize="sm">
          {t('account.previewHelp')}
        </Text>
        <SandboxedPreview title={t('account.previewTitle')} html={preview} />
      </Box>
    </SimpleGrid>
  );
}

/** whitelabel/business-account: branding for the reseller's domain, with a live (sandboxed) preview. */
export function BusinessAccountPage() {
  const { t } = useTranslation('whitelabel');
  const account = useBusinessAccount();
  return (
    <Box>
      <PageHeader title={t('routes.businessAccount')} />
      {account.isPending ? (
        <PageSpinner />
      ) : account.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void account.refetch()} />
      ) : (
        <>
          <BusinessAccountForm account={account.data.data} />
          <DomainSection hasAccount={account.data.data !== null} />
        </>
      )}
    </Box>
  );
}
