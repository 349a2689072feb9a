import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import {
  CheckboxField,
  CheckboxGroupField,
  CUSTOMER_BASE_MODULE_SLUGS,
  PACKAGE_MODULE_SLUGS,
  ResourceFormFrame,
  SelectField,
  TextareaField,
  TextField,
  useCurrentUser,
  userHasModule,
  useYupForm,
  type PackageModuleSlug,
} from '@leadsmith/shared';
import { FormScreen } from '@leadsmith/shared/resource';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toCents, toDollars } from '../../../components/format';
import { moduleLabel } from './packageResource';
import { usePackage } from '../api/getPackage';
import type { Package } from '../api/listPackages';
import {
  MIN_CREDIT_PRICE_CENTS_EXCLUSIVE,
  packageSchema,
  useSavePackage,
  type PackageInput,
  type PackageValues,
} from '../api/savePackage';

/** A new package's search limit unless the reseller changes it (the API's default too). */
const DEFAULT_SEARCH_LIMIT = 1000;

const FLAGS = [
  'collect_payment_method',
  'available_for_billing_portal',
  'show_on_sales_page',
  'create_via_form',
] as const;

/** What a package can add to the customer's base modules (ADR 050): only modules the reseller holds itself. */
function useAddableModules(): PackageModuleSlug[] {
  const user = useCurrentUser();
  const base: readonly PackageModuleSlug[] = CUSTOMER_BASE_MODULE_SLUGS;
  return PACKAGE_MODULE_SLUGS.filter((slug) => !base.includes(slug) && userHasModule(user?.modules, slug));
}

function PackageForm({ pkg, onDone }: { pkg?: Package; onDone: () => void }) {
  const { t, i18n } = useTranslation('whitelabel');
  const save = useSavePackage();
  const addable = useAddableModules();
  // A module on the package that the reseller has since lost stays ticked and marked: it can be taken off, not put back (ADR 056).
  const unavailable = pkg?.unavailable_modules ?? [];
  const offered = PACKAGE_MODULE_SLUGS.filter(
    (slug) => addable.includes(slug) || (pkg?.modules.includes(slug) && unavailable.includes(slug)),
  );
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const modulesHelp = [
    t(offered.length > 0 ? 'packages.modulesHelp' : 'packages.modulesNoneHelp'),
    ...(unavailable.length > 0
      ? [
          t('packages.modulesUnavailable', {
            count: unavailable.length,
            modules: list.format(unavailable.map((slug) => t(`packages.moduleNames.${slug}`))),
          }),
        ]
      : []),
  ].join(' ');
  const form = useYupForm(packageSchema, {
    defaultValues: {
      name: pkg?.name ?? '',
      description: pkg?.description ?? '',
      monthly_price: (toDollars(pkg?.monthly_price_cents ?? 0) || 0) as number,
      yearly_price: toDollars(pkg?.yearly_price_cents) as number | undefined,
      one_time_price: toDollars(pkg?.one_time_price_cents) as number | undefined,
      trial_days: pkg?.trial_days ?? 0,
      trial_amount: (toDollars(pkg?.trial_amount_cents ?? 0) || 0) as number,
      monthly_credits: pkg?.monthly_credits ?? 0,
      credit_price: (toDollars(pkg?.credit_price_cents ?? 15) || 0) as number,
      collect_payment_method: pkg?.collect_payment_method ?? true,
      available_for_billing_portal: pkg?.available_for_billing_portal ?? false,
      show_on_sales_page: pkg?.show_on_sales_page ?? true,
      create_via_form: pkg?.create_via_form ?? true,
      form_available_days: (pkg?.form_available_days ?? '') as number | undefined,
      thank_you_url: pkg?.thank_you_url ?? '',
      search_limit: (pkg ? (pkg.search_limit ?? '') : DEFAULT_SEARCH_LIMIT) as number | undefined,
      past_due_access: pkg?.past_due_access ?? 'pause',
      custom_fields: (pkg?.custom_fields ?? []).map((f) => ({ ...f, options: f.options.join(',') })),
      modules: pkg?.modules ?? [],
    },
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const fields = useFieldArray({ control, name: 'custom_fields' });
  const toInput = (values: PackageValues): PackageInput => ({
    name: values.name.trim(),
    description: values.description.trim() || null,
    monthly_price_cents: toCents(values.monthly_price),
    yearly_price_cents: values.yearly_price === undefined ? null : toCents(values.yearly_price),
    one_time_price_cents: values.one_time_price === undefined ? null : toCents(values.one_time_price),
    trial_days: values.trial_days,
    trial_amount_cents: toCents(values.trial_amount),
    monthly_credits: values.monthly_credits,
    credit_price_cents: toCents(values.credit_price),
    collect_payment_method: values.collect_payment_method,
    available_for_billing_portal: values.available_for_billing_portal,
    show_on_sales_page: values.show_on_sales_page,
    create_via_form: values.create_via_form,
    form_available_days: values.form_available_days ?? null,
    thank_you_url: values.thank_you_url.trim() || null,
    search_limit: values.search_limit ?? null,
    past_due_access: values.past_due_access as 'pause' | 'keep',
    modules: values.modules as PackageModuleSlug[],
    custom_fields: values.custom_fields.map((f) => ({
      label: f.label.trim(),
      optional: f.optional,
      type: f.type as 'text' | 'dropdown',
      options:
        f.type === 'dropdown'
          ? f.options
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
    })),
  });
  const num = { type: 'number', inputMode: 'decimal' as const, step: 'any' };
  return (
    <ResourceFormFrame
      form={form}
      label={t(pkg ? 'routes.packageEdit' : 'routes.packageCreate')}
      maxW="56rem"
      saving={save.isPending}
      onSave={(values) => save.mutateAsync({ id: pkg?.id, input: toInput(values) })}
      onSaved={onDone}
      onCancel={onDone}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField label={t('packages.name')} registration={register('name')} error={errors.name} />
        <TextField
          label={t('packages.thankYouUrl')}
          registration={register('thank_you_url')}
          error={errors.thank_you_url}
          placeholder="https://"
        />
      </SimpleGrid>
      <TextareaField
        label={t('packages.description')}
        registration={register('description')}
        error={errors.description}
        rows={2}
      />
      <Heading as="h2" size="md" mb={3}>
        {t('packages.pricing')}
      </Heading>
      <Text fontSize="sm" mb={3}>
        {t('packages.priceChangeHelp')}
      </Text>
      {/* After a change between free and paid, the Stripe subscribers it left on their previous price (ADR 048). */}
      {pkg && pkg.subscribers_on_old_terms > 0 && (
        <Text fontSize="sm" mb={3} fontWeight="medium">
          {t('packages.onOldTerms', { count: pkg.subscribers_on_old_terms })}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 3 }} columnGap={6}>
        <TextField
          label={t('packages.monthlyPriceUsd')}
          registration={register('monthly_price')}
          error={errors.monthly_price}
          {...num}
        />
        <TextField
          label={t('packages.yearlyPriceUsd')}
          registration={register('yearly_price')}
          error={errors.yearly_price}
          {...num}
        />
        <TextField
          label={t('packages.oneTimePriceUsd')}
          registration={register('one_time_price')}
          error={errors.one_time_price}
          {...num}
        />
        <TextField
          label={t('packages.trialDays')}
          registration={register('trial_days')}
          error={errors.trial_days}
          type="number"
        />
        <TextField
          label={t('packages.trialAmountUsd')}
          registration={register('trial_amount')}
          error={errors.trial_amount}
          {...num}
        />
        <TextField
          label={t('packages.monthlyCredits')}
          registration={register('monthly_credits')}
          error={errors.monthly_credits}
          type="number"
        />
        <TextField
          label={t('packages.creditPriceUsd')}
          registration={register('credit_price')}
          error={errors.credit_price}
          helperText={t('packages.creditPriceHelp', { min: MIN_CREDIT_PRICE_CENTS_EXCLUSIVE / 100, example: 0.15 })}
          {...num}
        />
        <TextField
          label={t('packages.formAvailableDays')}
          registration={register('form_available_days')}
          error={errors.form_available_days}
          type="number"
        />
        <TextField
          label={t('packages.searchLimit')}
          registration={register('search_limit')}
          error={errors.search_limit}
          type="number"
        />
        <SelectField
          label={t('packages.pastDueAccess')}
          registration={register('past_due_access')}
          options={[
            { value: 'pause', label: t('packages.pastDue.pause') },
            { value: 'keep', label: t('packages.pastDue.keep') },
          ]}
        />
      </SimpleGrid>
      <Text fontSize="sm" mb={4}>
        {t('packages.formDaysHelp')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6} mb={4}>
        {FLAGS.map((flag) => (
          <Controller
            key={flag}
            control={control}
            name={flag}
            render={({ field }) => (
              <CheckboxField label={t(`packages.${flag}`)} checked={field.value} onChange={field.onChange} />
            )}
          />
        ))}
      </SimpleGrid>
      <Controller
        control={control}
        name="modules"
        render={({ field }) => (
          <CheckboxGroupField
            label={t('packages.modules')}
            helper={modulesHelp}
            options={offered.map((slug) => ({ value: slug, label: moduleLabel(t, slug, unavailable) }))}
            value={field.value as PackageModuleSlug[]}
            onChange={field.onChange}
            error={errors.modules?.message}
          />
        )}
      />
      <Heading as="h2" size="md" mb={3}>
        {t('packages.customFields')}
      </Heading>
      {fields.fields.map((f, i) => (
        <Box key={f.id} as="fieldset" borderWidth="1px" borderRadius="md" p={4} mb={3}>
          <Text as="legend" px={1} fontWeight="medium">
            {t('packages.customFieldN', { n: i + 1 })}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} columnGap={4}>
            <TextField
              label={t('packages.fieldLabel')}
              registration={register(`custom_fields.${i}.label`)}
              error={errors.custom_fields?.[i]?.label}
            />
            <SelectField
              label={t('packages.fieldType')}
              registration={register(`custom_fields.${i}.type`)}
              options={[
                { value: 'text', label: t('packages.fieldTypes.text') },
                { value: 'dropdown', label: t('packages.fieldTypes.dropdown') },
              ]}
            />
            {watch(`custom_fields.${i}.type`) === 'dropdown' ? (
              <TextField
                label={t('packages.fieldOptions')}
                registration={register(`custom_fields.${i}.options`)}
                error={errors.custom_fields?.[i]?.options}
                placeholder="Small,Medium,Large"
              />
            ) : null}
          </SimpleGrid>
          <Flex justify="space-between" align="center">
            <Controller
              control={control}
              name={`custom_fields.${i}.optional`}
              render={({ field }) => (
                <CheckboxField label={t('packages.fieldOptional')} checked={field.value} onChange={field.onChange} />
              )}
            />
            <Button size="xs" variant="outline" color="red.700" onClick={() => fields.remove(i)}>
              {t('packages.removeField', { n: i + 1 })}
            </Button>
          </Flex>
        </Box>
      ))}
      <Button
        size="sm"
        variant="outline"
        onClick={() => fields.append({ label: '', optional: false, type: 'text', options: '' })}
      >
        {t('packages.addField')}
      </Button>
    </ResourceFormFrame>
  );
}

/** packages/create and packages/{id}/edit. */
export function PackageFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) || 0 : 0;
  const pkg = usePackage(id);
  return (
    <FormScreen
      title={t(mode === 'create' ? 'routes.packageCreate' : 'routes.packageEdit')}
      loading={mode === 'edit' && pkg.isPending}
      failed={mode === 'edit' && pkg.isError}
      error={pkg.error}
      onRetry={() => void pkg.refetch()}
      loadFailed={t('kit.loadFailed')}
    >
      <PackageForm
        key={pkg.data?.id ?? 'new'}
        pkg={mode === 'edit' ? pkg.data : undefined}
        onDone={() => navigate('/packages')}
      />
    </FormScreen>
  );
}
