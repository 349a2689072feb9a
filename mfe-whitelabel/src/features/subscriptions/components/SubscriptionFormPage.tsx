import { SimpleGrid, Text } from '@chakra-ui/react';
import { ResourceFormFrame, TextField, useYupForm, CheckboxField, SelectField } from '@leadsmith/shared';
import { FormScreen } from '@leadsmith/shared/resource';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSubscription } from '../api/getSubscription';
import { usePlanOptions, type PlanOption } from '../api/listPlanOptions';
import type { Subscription } from '../api/listSubscriptions';
import { subscriptionSchema, useSaveSubscription, type SubscriptionValues } from '../api/saveSubscription';

function SubscriptionForm({ sub, plans, onDone }: { sub?: Subscription; plans: PlanOption[]; onDone: () => void }) {
  const { t } = useTranslation('whitelabel');
  const save = useSaveSubscription();
  const form = useYupForm(subscriptionSchema, {
    defaultValues: {
      customer_name: sub?.customer_name ?? '',
      email: sub?.email ?? '',
      username: sub?.username ?? '',
      package_id: sub ? String(sub.package_id) : '',
      additional_credits: sub?.additional_credits ?? 0,
      welcome_email: sub?.welcome_email ?? false,
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const send = (v: SubscriptionValues) =>
    save.mutateAsync({
      id: sub?.id,
      input: {
        customer_name: v.customer_name.trim(),
        email: v.email.trim(),
        username: v.username.trim(),
        package_id: Number(v.package_id),
        additional_credits: v.additional_credits,
        welcome_email: v.welcome_email,
      },
    });
  return (
    // An answer about no form field (the sub-account limit, related accounts not allowed) is said above the buttons.
    <ResourceFormFrame
      form={form}
      label={t(sub ? 'routes.subscriptionEdit' : 'routes.subscriptionCreate')}
      saving={save.isPending}
      onSave={send}
      onSaved={onDone}
      onCancel={onDone}
      formErrorFallback={t('subscriptions.saveFailed')}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField
          label={t('subscriptions.customer')}
          registration={register('customer_name')}
          error={errors.customer_name}
          autoComplete="off"
        />
        <TextField
          label={t('subscriptions.email')}
          registration={register('email')}
          error={errors.email}
          type="email"
          disabled={Boolean(sub)}
          autoComplete="off"
        />
        <TextField
          label={t('subscriptions.username')}
          registration={register('username')}
          error={errors.username}
          autoComplete="off"
        />
        <SelectField
          label={t('subscriptions.plan')}
          registration={register('package_id')}
          error={errors.package_id}
          options={[
            { value: '', label: t('subscriptions.choosePlan') },
            ...plans.map((p) => ({ value: String(p.id), label: p.name })),
          ]}
        />
        <TextField
          label={t('subscriptions.additionalCredits')}
          registration={register('additional_credits')}
          error={errors.additional_credits}
          type="number"
        />
      </SimpleGrid>
      {sub ? null : (
        <>
          <Controller
            control={control}
            name="welcome_email"
            render={({ field }) => (
              <CheckboxField label={t('subscriptions.welcomeEmail')} checked={field.value} onChange={field.onChange} />
            )}
          />
          {errors.welcome_email ? (
            <Text color="red.700" role="alert" mb={3}>
              {errors.welcome_email.message}
            </Text>
          ) : null}
          <Text fontSize="sm" mb={2}>
            {t('subscriptions.inactiveUntilPlan')}
          </Text>
        </>
      )}
    </ResourceFormFrame>
  );
}

/** subscriptions/create and subscriptions/{id}/edit. */
export function SubscriptionFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) || 0 : 0;
  const sub = useSubscription(id);
  const plans = usePlanOptions();
  const loading = plans.isPending || (mode === 'edit' && sub.isPending);
  const failed = plans.isError || (mode === 'edit' && sub.isError);
  return (
    <FormScreen
      title={t(mode === 'create' ? 'routes.subscriptionCreate' : 'routes.subscriptionEdit')}
      loading={loading}
      failed={failed}
      onRetry={() => void Promise.all([plans.refetch(), sub.refetch()])}
      loadFailed={t('kit.loadFailed')}
    >
      <SubscriptionForm
        key={sub.data?.id ?? 'new'}
        sub={mode === 'edit' ? sub.data : undefined}
        plans={plans.data ?? []}
        onDone={() => navigate('/subscriptions')}
      />
    </FormScreen>
  );
}
