import { Box, Button, chakra, Field, Heading, Input, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, ErrorState, PageHeader, PageSpinner, TextField, useYupForm, TextareaField } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { cssColor, escapeHtml, readableOn, SandboxedPreview } from '../../../components/SandboxedPreview';
import { usePackage } from '../api/getPackage';
import { useSalesSettings, type SalesSettingsAnswer } from '../api/getSalesSettings';
import type { Package } from '../api/listPackages';
import { salesSettingsSchema, useSaveSalesSettings, type SalesSettingsValues } from '../api/saveSalesSettings';

const COLORS = ['primary_color', 'secondary_color', 'background_color', 'text_color'] as const;
const DEFAULTS = { primary_color: '#573BFF', secondary_color: '#01C0F6', background_color: '#FFFFFF', text_color: '#202633' } as const;

function salesPreviewHtml(values: Partial<SalesSettingsValues>, pkgName: string, lang: string): string {
  const primary = cssColor(values.primary_color, DEFAULTS.primary_color);
  const secondary = cssColor(values.secondary_color, DEFAULTS.secondary_color);
  const background = cssColor(values.background_color, DEFAULTS.background_color);
  const text = cssColor(values.text_color, DEFAULTS.text_color);
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(pkgName)}</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:${background};color:${text}}header{background:${primary};color:${readableOn(primary)};padding:16px}
main{padding:16px}.card{border:1px solid ${secondary};border-radius:8px;padding:12px}</style></head>
<body><header><p>${escapeHtml(values.business_name ?? '')}</p><h1>${escapeHtml(pkgName)}</h1></header><main><div class="card">${values.body_html ?? ''}</div></main></body></html>`;
}

function SalesSettingsForm({ pkg, answer }: { pkg: Package; answer: SalesSettingsAnswer }) {
  const { t, i18n } = useTranslation('whitelabel');
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
        <TextField label={t('sales.businessName')} registration={register('business_name')} error={errors.business_name} />
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
          {COLORS.map((name) => (
            <Field.Root key={name} invalid={Boolean(errors[name])} mb={4}>
              <Field.Label>{t(`sales.${name}`)}</Field.Label>
              <Input {...register(name)} />
              {errors[name] ? <Field.ErrorText color="red.700">{errors[name]?.message}</Field.ErrorText> : null}
            </Field.Root>
          ))}
          <TextField label={t('sales.salesPageUrl')} registration={register('sales_page_url')} error={errors.sales_page_url} placeholder="https://" />
          <TextField label={t('sales.termsUrl')} registration={register('terms_url')} error={errors.terms_url} placeholder="https://" />
          <TextField label={t('sales.subdomainUrl')} registration={register('subdomain_url')} error={errors.subdomain_url} placeholder="https://" />
        </SimpleGrid>
        <TextareaField label={t('sales.bodyHtml')} registration={register('body_html')} error={errors.body_html} rows={8} mono helper={t('sales.bodyHtmlHelp')} />
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
          <Link href={answer.public_path} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" data-testid="public-sales-link">
            {answer.public_path}
          </Link>
        </Text>
        <SandboxedPreview title={t('sales.previewTitle')} html={salesPreviewHtml(watch(), pkg.name, i18n.language)} />
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
