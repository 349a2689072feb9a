import { Box, Button, chakra, Code, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, ErrorState, PageSpinner, SelectField, TextField, useYupForm } from '@leadsmith/shared';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format';
import {
  paykickstartSchema,
  useDisconnectPaykickstart,
  usePackageOptions,
  usePaykickstart,
  useSavePaykickstart,
  type PackageOption,
  type PaykickstartSettings,
  type PaykickstartValues,
} from '../api/paykickstart';

function PaykickstartForm({ settings, packages }: { settings: PaykickstartSettings; packages: PackageOption[] }) {
  const { t, i18n } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSavePaykickstart();
  const disconnect = useDisconnectPaykickstart();
  const form = useYupForm(paykickstartSchema, {
    defaultValues: {
      secret_key: '',
      campaign_id: settings.campaign_id ?? '',
      products: settings.products.map((p) => ({ product_id: p.product_id, package_id: String(p.package_id) })),
    },
  });
  const products = useFieldArray({ control: form.control, name: 'products' });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values: PaykickstartValues) => {
    try {
      await save.mutateAsync(values);
      form.setValue('secret_key', '');
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  const packageOptions = [
    { value: '', label: t('paykickstart.choosePackage') },
    ...packages.map((p) => ({ value: String(p.id), label: p.name })),
  ];
  return (
    <Box borderWidth="1px" borderRadius="md" p={5} bg="white" data-testid="paykickstart-settings">
      <Text mb={4}>{t('paykickstart.intro')}</Text>
      {settings.connected && settings.ipn_url ? (
        <Box mb={4} role="status">
          <Text fontWeight="semibold">
            {t('paykickstart.connectedSince', { date: formatDateTime(settings.connected_at, i18n.language) })}
          </Text>
          <Text fontSize="sm" mt={2}>
            {t('paykickstart.ipnUrl')}
          </Text>
          <Code data-testid="paykickstart-ipn-url" wordBreak="break-all">
            {settings.ipn_url}
          </Code>
        </Box>
      ) : null}
      <chakra.form onSubmit={(e) => void submit(e)} noValidate aria-label={t('paykickstart.title')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={4}>
          <TextField
            label={settings.connected ? t('paykickstart.secretKeepHint') : t('paykickstart.secretKey')}
            type="password"
            autoComplete="off"
            registration={form.register('secret_key')}
            error={errors.secret_key}
          />
          <TextField
            label={t('paykickstart.campaignId')}
            registration={form.register('campaign_id')}
            error={errors.campaign_id}
          />
        </SimpleGrid>
        <Text fontWeight="semibold" mb={2}>
          {t('paykickstart.products')}
        </Text>
        {products.fields.map((field, i) => (
          <Flex key={field.id} gap={3} align="end">
            <TextField
              label={t('paykickstart.productId', { n: i + 1 })}
              registration={form.register(`products.${i}.product_id`)}
              error={errors.products?.[i]?.product_id}
            />
            <SelectField
              label={t('paykickstart.package', { n: i + 1 })}
              registration={form.register(`products.${i}.package_id`)}
              options={packageOptions}
              error={errors.products?.[i]?.package_id}
            />
            <Button mb={4} size="sm" variant="outline" onClick={() => products.remove(i)}>
              {t('paykickstart.removeProduct', { n: i + 1 })}
            </Button>
          </Flex>
        ))}
        <Button size="sm" variant="outline" mb={4} onClick={() => products.append({ product_id: '', package_id: '' })}>
          {t('paykickstart.addProduct')}
        </Button>
        <Flex gap={3}>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            {tc('actions.save')}
          </Button>
          {settings.connected ? (
            <Button
              variant="outline"
              color="red.700"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate()}
            >
              {t('stripe.disconnect')}
            </Button>
          ) : null}
        </Flex>
      </chakra.form>
    </Box>
  );
}

/** The second billing type (spec §3 Billing): PayKickstart's IPN secret key, its IPN URL and which product sells which package. */
export function PaykickstartSettingsPanel() {
  const { t } = useTranslation('whitelabel');
  const settings = usePaykickstart();
  const packages = usePackageOptions();
  if (settings.isPending || packages.isPending) return <PageSpinner />;
  if (settings.isError || packages.isError)
    return (
      <ErrorState
        title={t('kit.loadFailed')}
        onRetry={() => void Promise.all([settings.refetch(), packages.refetch()])}
      />
    );
  return <PaykickstartForm settings={settings.data} packages={packages.data} />;
}
