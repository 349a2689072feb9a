import { Button, chakra, Fieldset, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  TextField,
  useYupForm,
  v,
  yup,
  type ModuleSlug,
  CheckboxField,
  SelectField,
  RELATED_ROLE_EXCLUDED_MODULES,
} from '@leadsmith/shared';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePlans } from '../../plans/api/listPlans';
import type { AdminUser, Role, UserType } from '../api/listUsers';
import type { UserInput } from '../api/saveUser';
import { MODULE_OPTIONS, ROLES, SUBSCRIPTION_STATUSES, USER_TYPES } from './options';

const wholeNumber = () => yup.string().default('').matches(/^\d*$/, v.message('integer'));
const optionalText = () =>
  yup
    .string()
    .default('')
    .max(200, v.message('maxLength', { count: 200 }));

function userSchema(editing: boolean) {
  return yup.object({
    first_name: v.required().max(100, v.message('maxLength', { count: 100 })),
    last_name: yup
      .string()
      .default('')
      .max(100, v.message('maxLength', { count: 100 })),
    email: v.email(),
    // On edit an empty password keeps the current one.
    password: editing
      ? yup
          .string()
          .default('')
          .test('min', v.message('passwordMin', { count: 6 }), (s) => !s || s.length >= 6)
      : v.password(),
    role: yup.string().default('user').required(),
    user_type: yup.string().default('customer').required(),
    modules: yup.array(yup.string().required()).default([]),
    plan_id: yup.string().default(''),
    subscription_id: optionalText(),
    subscription_status: yup.string().default(''),
    license_expires_at: yup.string().default(''),
    payment_product_id: optionalText(),
    crm_plan_id: optionalText(),
    search_limit: wholeNumber(),
    additional_query_count: wholeNumber(),
    last_reset_date: yup.string().default(''),
    parent_id: wholeNumber(),
    sub_account_limit: wholeNumber(),
    referral_partner_id: wholeNumber(),
    can_create_related_accounts: yup.boolean().default(false),
  });
}
export type UserFormValues = yup.InferType<ReturnType<typeof userSchema>>;

const int = (s: string): number | null => (s === '' ? null : Number(s));
const text = (s: string): string | null => (s.trim() === '' ? null : s.trim());

/** A related account (a sub-account, ADR 052) holds neither white-label nor admin and creates no related accounts. */
const excludedForRole = (role: string, slug: string): boolean =>
  role === 'related' && (RELATED_ROLE_EXCLUDED_MODULES as readonly string[]).includes(slug);

function toInput(values: UserFormValues): UserInput {
  const related = values.role === 'related';
  return {
    email: values.email,
    ...(values.password ? { password: values.password } : {}),
    first_name: values.first_name,
    last_name: values.last_name,
    role: values.role as Role,
    user_type: values.user_type as UserType,
    modules: values.modules.filter((m) => !excludedForRole(values.role, m)) as ModuleSlug[],
    plan_id: int(values.plan_id),
    subscription_id: text(values.subscription_id),
    // The select offers only the API's statuses.
    subscription_status: text(values.subscription_status) as UserInput['subscription_status'],
    license_expires_at: text(values.license_expires_at),
    payment_product_id: text(values.payment_product_id),
    crm_plan_id: text(values.crm_plan_id),
    search_limit: int(values.search_limit),
    additional_query_count: int(values.additional_query_count) ?? 0,
    last_reset_date: text(values.last_reset_date),
    parent_id: int(values.parent_id),
    sub_account_limit: int(values.sub_account_limit),
    referral_partner_id: int(values.referral_partner_id),
    can_create_related_accounts: related ? false : values.can_create_related_accounts,
  };
}

const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function toFormValues(user?: AdminUser): UserFormValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'user',
    user_type: user?.user_type ?? 'customer',
    modules: user?.modules ?? [],
    plan_id: str(user?.plan_id),
    subscription_id: user?.subscription_id ?? '',
    subscription_status: user?.subscription_status ?? '',
    license_expires_at: user?.license_expires_at?.slice(0, 10) ?? '',
    payment_product_id: user?.payment_product_id ?? '',
    crm_plan_id: user?.crm_plan_id ?? '',
    search_limit: str(user?.search_limit),
    additional_query_count: str(user?.additional_query_count ?? 0),
    last_reset_date: user?.last_reset_date ?? '',
    parent_id: str(user?.parent_id),
    sub_account_limit: str(user?.sub_account_limit),
    referral_partner_id: str(user?.referral_partner_id),
    can_create_related_accounts: user?.can_create_related_accounts ?? false,
  };
}

export interface UserFormProps {
  user?: AdminUser;
  saving: boolean;
  onSubmit: (input: UserInput) => Promise<unknown>;
  onCancel: () => void;
}

/** Create and edit share this form: account, access (modules), subscription, limits, relations (spec §3 implied fields). */
export function UserForm({ user, saving, onSubmit, onCancel }: UserFormProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const form = useYupForm(userSchema(Boolean(user)), { defaultValues: toFormValues(user) });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const role = useWatch({ control, name: 'role' });
  const related = role === 'related';
  // Bounded: the form offers up to 100 plans.
  const plans = usePlans({ page: 1, pageSize: 100 });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(toInput(values));
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  const section = (title: string) => (
    <Heading as="h2" size="md" mb={3} mt={2}>
      {title}
    </Heading>
  );
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="56rem">
      {section(t('users.sections.account'))}
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField
          label={t('fields.first_name')}
          registration={register('first_name')}
          error={errors.first_name}
          autoComplete="off"
        />
        <TextField
          label={t('fields.last_name')}
          registration={register('last_name')}
          error={errors.last_name}
          autoComplete="off"
        />
        <TextField
          label={t('fields.email')}
          type="email"
          registration={register('email')}
          error={errors.email}
          autoComplete="off"
        />
        <TextField
          label={user ? t('users.newPassword') : t('fields.password')}
          type="password"
          registration={register('password')}
          error={errors.password}
          autoComplete="new-password"
        />
        <SelectField
          label={t('fields.user_type')}
          registration={register('user_type')}
          error={errors.user_type}
          options={USER_TYPES.map((u) => ({ value: u, label: t(`userTypes.${u}`) }))}
        />
        <SelectField
          label={t('fields.role')}
          registration={register('role')}
          error={errors.role}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
      </SimpleGrid>
      {related ? (
        <Text fontSize="sm" mb={4} data-testid="related-role-help">
          {t('users.relatedHelp')}
        </Text>
      ) : null}

      <Fieldset.Root mb={4}>
        <Fieldset.Legend>
          <Heading as="h2" size="md" mb={1} mt={2}>
            {t('fields.modules')}
          </Heading>
        </Fieldset.Legend>
        <Text fontSize="sm" mb={2}>
          {t('users.modulesHelp')}
        </Text>
        <Controller
          control={control}
          name="modules"
          render={({ field }) => (
            <Flex gap={6} wrap="wrap">
              {MODULE_OPTIONS.map((slug) => (
                <CheckboxField
                  key={slug}
                  label={t(`modules.${slug}`)}
                  disabled={excludedForRole(role, slug)}
                  checked={field.value.includes(slug) && !excludedForRole(role, slug)}
                  onChange={(checked) =>
                    field.onChange(checked ? [...field.value, slug] : field.value.filter((m) => m !== slug))
                  }
                />
              ))}
            </Flex>
          )}
        />
      </Fieldset.Root>

      {section(t('users.sections.subscription'))}
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <SelectField
          label={t('fields.plan_id')}
          registration={register('plan_id')}
          error={errors.plan_id}
          options={[
            { value: '', label: t('users.noPlan') },
            ...(plans.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
        />
        <SelectField
          label={t('fields.subscription_status')}
          registration={register('subscription_status')}
          error={errors.subscription_status}
          options={[
            { value: '', label: t('users.noSubscription') },
            ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`subscriptionStatuses.${s}`) })),
          ]}
        />
        <TextField
          label={t('fields.subscription_id')}
          registration={register('subscription_id')}
          error={errors.subscription_id}
        />
        <TextField
          label={t('fields.license_expires_at')}
          type="date"
          registration={register('license_expires_at')}
          error={errors.license_expires_at}
        />
        <TextField
          label={t('fields.payment_product_id')}
          registration={register('payment_product_id')}
          error={errors.payment_product_id}
        />
        <TextField label={t('fields.crm_plan_id')} registration={register('crm_plan_id')} error={errors.crm_plan_id} />
      </SimpleGrid>

      {section(t('users.sections.limits'))}
      <SimpleGrid columns={{ base: 1, md: 3 }} columnGap={6}>
        <TextField
          label={t('fields.search_limit')}
          inputMode="numeric"
          registration={register('search_limit')}
          error={errors.search_limit}
        />
        <TextField
          label={t('fields.additional_query_count')}
          inputMode="numeric"
          registration={register('additional_query_count')}
          error={errors.additional_query_count}
        />
        <TextField
          label={t('fields.last_reset_date')}
          type="date"
          registration={register('last_reset_date')}
          error={errors.last_reset_date}
        />
      </SimpleGrid>

      {section(t('users.sections.relations'))}
      <SimpleGrid columns={{ base: 1, md: 3 }} columnGap={6}>
        <TextField
          label={t('fields.parent_id')}
          inputMode="numeric"
          registration={register('parent_id')}
          error={errors.parent_id}
        />
        <TextField
          label={t('fields.sub_account_limit')}
          inputMode="numeric"
          registration={register('sub_account_limit')}
          error={errors.sub_account_limit}
        />
        <TextField
          label={t('fields.referral_partner_id')}
          inputMode="numeric"
          registration={register('referral_partner_id')}
          error={errors.referral_partner_id}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="can_create_related_accounts"
        render={({ field }) => (
          <CheckboxField
            label={t('fields.can_create_related_accounts')}
            disabled={related}
            checked={field.value && !related}
            onChange={field.onChange}
          />
        )}
      />

      <Flex gap={3} mt={6}>
        <Button type="submit" colorPalette="brand" loading={saving}>
          {tc('actions.save')}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {tc('actions.cancel')}
        </Button>
      </Flex>
    </chakra.form>
  );
}
