import { Box, Button, chakra, Field, Heading, Input, Link, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  ErrorState,
  PageHeader,
  PageSpinner,
  RichTextField,
  TextField,
  useYupForm,
} from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SandboxedPreview } from '../../../components/SandboxedPreview';
import { useSettled } from '../../../components/useSettled';
import { usePackage } from '../api/getPackage';
import { useSalesSettings, type SalesSettingsAnswer } from '../api/getSalesSettings';
import type { Package } from '../api/listPackages';
import { useSalesPagePreview, type SalesPreviewDraft } from '../api/previewSalesPage';
import { salesSettingsSchema, useSaveSalesSettings, type SalesSettingsValues } from '../api/saveSalesSettings';

const COLORS = ['primary_color', 'secondary_color', 'background_color', 'text_color'] as const;
const DEFAULTS = {
  primary_color: '#573BFF',
  secondary_color: '#01C0F6',
  background_color: '#FFFFFF',
  text_color: '#202633',
} as const;

const PREVIEW_DELAY_MS = 400;

/** The form's values as the preview route takes them (the subdomain URL does not show on the page). */
const previewDraft = (v: Partial<SalesSettingsValues>): SalesPreviewDraft => ({
  business_name: v.business_name ?? '',
  primary_color: v.primary_color ?? null,
  secondary_color: v.secondary_color ?? null,
  background_color: v.background_color ?? null,
  text_color: v.text_color ?? null,
  sales_page_url: v.sales_page_url ?? null,
  terms_url: v.terms_url ?? null,
  body_html: v.body_html ?? '',
});

/** The public page itself, drawn by the API from the form's draft (typing pauses before each drawing). */
function SalesPagePreview({ pkg, draft }: { pkg: Package; draft: SalesPreviewDraft }) {
  const { t, i18n } = useTranslation('whitelabel');
  const settled = useSettled(JSON.stringify(draft), PREVIEW_DELAY_MS);
  const preview = useSalesPagePreview(pkg.id, JSON.parse(settled) as SalesPreviewDraft, i18n.language);
  if (preview.isError) return <Text color="red.700">{t('templates.previewFailed')}</Text>;
  if (!preview.data) return <Skeleton height="40rem" borderRadius="md" />;
  return <SandboxedPreview title={t('sales.previewTitle')} html={preview.data.html} height="40rem" />;
}

function SalesSettingsForm({ pkg, answer }: { pkg: Package; answer: SalesSettingsAnswer }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveSalesSettings();
  const s = answer.data;
  const form = useYupForm(salesSettingsSchema, {
    defaultValues: {
      business_name: s?.business_name ?? '',
      primary_color: s?.primary_color ?? DEFAULTS.primary_color,
      secondary_color: s?.secondary_color ?? DEFAULTS.secondary_color,
      background_color: s?.background_color ?? DEFAULTS.background_color,
      text_color: s?.text_color ?? DEFAULTS.text_color,
      sales_page_url: s?.sales_page_url ?? '',
      terms_url: s?.terms_url ?? '',
      subdomain_url: s?.subdomain_url ?? '',
      body_html: s?.body_html ?? '',
    },
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (v: SalesSettingsValues) => {
    try {
      await save.mutateAsync({
        id: pkg.id,
        input: {
          ...v,
          business_name: v.business_name.trim(),
          sales_page_url: v.sales_page_url.trim() || null,
          terms_url: v.terms_url.trim() || null,
          subdomain_url: v.subdomain_url.trim() || null,
        },
      });
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap={8} alignItems="start">
      <chakra.form onSubmit={(e) => void submit(e)} noValidate aria-label={t('routes.salesSettings')}>
        <TextField
          label={t('sales.businessName')}
          registration={register('business_name')}
          error={errors.business_name}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
          {COLORS.map((name) => (
            <Field.Root key={name} invalid={Boolean(errors[name])} mb={4}>
              <Field.Label>{t(`sales.${name}`)}</Field.Label>
              <Input {...register(name)} />
              {errors[name] ? <Field.ErrorText color="red.700">{errors[name]?.message}</Field.ErrorText> : null}
            </Field.Root>
          ))}
          <TextField
            label={t('sales.salesPageUrl')}
            registration={register('sales_page_url')}
            error={errors.sales_page_url}
            placeholder="https://"
          />
          <TextField
            label={t('sales.termsUrl')}
            registration={register('terms_url')}
            error={errors.terms_url}
            placeholder="https://"
          />
          <TextField
            label={t('sales.subdomainUrl')}
            registration={register('subdomain_url')}
            error={errors.subdomain_url}
            placeholder="https://"
          />
        </SimpleGrid>
        {/* The reseller's own page markup: the HTML view first, the editor a click away with a warning when it would drop markup (ADR 045). */}
        <RichTextField
          label={t('sales.body')}
          htmlLabel={t('sales.bodyHtml')}
          value={watch('body_html')}
          onChange={(html) => form.setValue('body_html', html, { shouldDirty: true })}
          registration={register('body_html')}
          error={errors.body_html}
          helper={t('sales.bodyHtmlHelp')}
          initialMode="html"
          warnWhenLossy
        />
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
      </chakra.form>
      <Box as="section" aria-labelledby="sales-preview-title">
        <Heading as="h2" size="md" mb={2} id="sales-preview-title">
          {t('sales.previewTitle')}
        </Heading>
        <Text mb={3} fontSize="sm">
          {t('sales.publicPage')}{' '}
          <Link
            href={answer.public_path}
            target="_blank"
            rel="noopener"
            color="brand.fg"
            textDecoration="underline"
            data-testid="public-sales-link"
          >
            {answer.public_path}
          </Link>
        </Text>
        <SalesPagePreview pkg={pkg} draft={previewDraft(watch())} />
      </Box>
    </SimpleGrid>
  );
}

/** packages/{id}/sales-settings: needs the business account form done first (spec §8). */
export function SalesSettingsPage() {
  const { t } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const id = Number(useParams().id) || 0;
  const pkg = usePackage(id);
  const sales = useSalesSettings(id);
  return (
    <Box>
      <PageHeader title={t('routes.salesSettings')} onBack={() => navigate(-1)} />
      {pkg.isPending || sales.isPending ? (
        <PageSpinner />
      ) : pkg.isError || sales.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void Promise.all([pkg.refetch(), sales.refetch()])} />
      ) : !sales.data.business_account_completed ? (
        <Box role="alert" borderWidth="1px" borderRadius="md" p={6} maxW="2xl" bg="orange.50" color="orange.900">
          <Text mb={4}>{t('sales.needsAccount')}</Text>
          <Button colorPalette="brand" onClick={() => navigate('/business-account')}>
            {t('sales.goToAccount')}
          </Button>
        </Box>
      ) : (
        <>
          <Text mb={4}>{t('sales.intro', { name: pkg.data.name })}</Text>
          <SalesSettingsForm pkg={pkg.data} answer={sales.data} />
        </>
      )}
    </Box>
  );
}
