import { Box, Button, chakra, Flex, SimpleGrid } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  ErrorState,
  PageHeader,
  PageSpinner,
  TextField,
  useYupForm,
  v,
  yup,
  CheckboxField,
  CheckboxGroupField,
  PLAN_MODULE_SLUGS,
  SelectField,
  type PlanModuleSlug,
} from '@leadsmith/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePlan } from '../api/getPlan';
import type { Plan, PlanAvailableFor, PlanCreatedBy } from '../api/listPlans';
import { useSavePlan, type PlanInput } from '../api/savePlan';
import { AVAILABLE_FOR, CREATED_BY } from './options';

const schema = yup.object({
  name: v.required().max(100, v.message('maxLength', { count: 100 })),
  created_by: yup.string().default('system').required(),
  available_for: yup.string().default('customers').required(),
  allow_related_accounts: yup.boolean().default(false),
  payment_product_id: yup
    .string()
    .default('')
    .max(200, v.message('maxLength', { count: 200 })),
  crm_plan_id: yup
    .string()
    .default('')
    .max(200, v.message('maxLength', { count: 200 })),
  modules: yup.array(yup.string<PlanModuleSlug>().required()).default([]),
});
type Values = yup.InferType<typeof schema>;

const text = (s: string) => (s.trim() === '' ? null : s.trim());

function PlanForm({ plan, onDone }: { plan?: Plan; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const save = useSavePlan();
  const form = useYupForm(schema, {
    defaultValues: {
      name: plan?.name ?? '',
      created_by: plan?.created_by ?? 'system',
      available_for: plan?.available_for ?? 'customers',
      allow_related_accounts: plan?.allow_related_accounts ?? false,
      payment_product_id: plan?.payment_product_id ?? '',
      crm_plan_id: plan?.crm_plan_id ?? '',
      modules: plan?.modules ?? [],
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (values: Values) => {
    const input: PlanInput = {
      name: values.name,
      created_by: values.created_by as PlanCreatedBy,
      available_for: values.available_for as PlanAvailableFor,
      allow_related_accounts: values.allow_related_accounts,
      payment_product_id: text(values.payment_product_id),
      crm_plan_id: text(values.crm_plan_id),
      modules: values.modules,
    };
    try {
      await save.mutateAsync({ id: plan?.id, input });
      onDone();
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="48rem">
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField label={t('fields.name')} registration={register('name')} error={errors.name} />
        <SelectField
          label={t('fields.created_by')}
          registration={register('created_by')}
          error={errors.created_by}
          options={CREATED_BY.map((c) => ({ value: c, label: t(`plans.createdBy.${c}`) }))}
        />
        <SelectField
          label={t('fields.available_for')}
          registration={register('available_for')}
          error={errors.available_for}
          options={AVAILABLE_FOR.map((a) => ({ value: a, label: t(`plans.availableFor.${a}`) }))}
        />
        <TextField
          label={t('fields.payment_product_id')}
          registration={register('payment_product_id')}
          error={errors.payment_product_id}
        />
        <TextField label={t('fields.crm_plan_id')} registration={register('crm_plan_id')} error={errors.crm_plan_id} />
      </SimpleGrid>
      <Controller
        control={control}
        name="modules"
        render={({ field }) => (
          <CheckboxGroupField
            label={t('fields.modules')}
            helper={t('plans.modulesHelp')}
            options={PLAN_MODULE_SLUGS.map((slug) => ({ value: slug, label: t(`modules.${slug}`) }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.modules?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="allow_related_accounts"
        render={({ field }) => (
          <CheckboxField label={t('fields.allow_related_accounts')} checked={field.value} onChange={field.onChange} />
        )}
      />
      <Flex gap={3} mt={6}>
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {tc('actions.cancel')}
        </Button>
      </Flex>
    </chakra.form>
  );
}

/** plans/create and plans/{id}/edit. */
export function PlanFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) || 0 : 0;
  const plan = usePlan(id);
  const header = (
    <PageHeader title={t(mode === 'create' ? 'routes.planCreate' : 'routes.planEdit')} onBack={() => navigate(-1)} />
  );
  if (mode === 'edit' && plan.isPending) return <PageSpinner />;
  return (
    <Box>
      {header}
      {mode === 'edit' && plan.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void plan.refetch()} error={plan.error} />
      ) : (
        <PlanForm
          key={plan.data?.id ?? 'new'}
          plan={mode === 'edit' ? plan.data : undefined}
          onDone={() => navigate('/plans')}
        />
      )}
    </Box>
  );
}
