import { Badge, Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  CheckboxField,
  ErrorState,
  TextareaField,
  TextField,
  useYupForm,
  v,
  yup,
} from '@leadsmith/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMaintenance, useSaveMaintenance, type Maintenance } from '../api/maintenance';

const schema = yup.object({
  enabled: yup.boolean().default(false),
  message: yup
    .string()
    .default('')
    .max(1000, v.message('maxLength', { count: 1000 })),
  retry_minutes: v
    .integer()
    .min(1, v.message('minNumber', { min: 1 }))
    .max(1440, v.message('maxNumber', { max: 1440 }))
    .required(v.message('required')),
});
type Values = yup.InferType<typeof schema>;

function MaintenanceForm({ state }: { state: Maintenance }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const save = useSaveMaintenance();
  const form = useYupForm(schema, {
    defaultValues: {
      enabled: state.enabled,
      message: state.message,
      retry_minutes: Math.round(state.retry_after_seconds / 60),
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const handleSubmit = form.handleSubmit(async (values: Values) => {
    try {
      await save.mutateAsync({
        enabled: values.enabled,
        message: values.message,
        retry_after_seconds: values.retry_minutes * 60,
      });
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void handleSubmit(e)} noValidate>
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <CheckboxField label={t('maintenance.enabled')} checked={field.value} onChange={field.onChange} />
        )}
      />
      <TextareaField
        label={t('maintenance.message')}
        helper={t('maintenance.messageHelp')}
        registration={register('message')}
        error={errors.message}
        rows={3}
      />
      <TextField
        label={t('maintenance.retryMinutes')}
        type="number"
        registration={register('retry_minutes')}
        error={errors.retry_minutes}
      />
      <Button type="submit" loading={save.isPending} mt={2}>
        {tc('actions.save')}
      </Button>
    </chakra.form>
  );
}

/** Dashboard panel: the super admin's maintenance switch (users then see the maintenance page; the API answers 503). */
export function MaintenancePanel() {
  const { t } = useTranslation('admin');
  const maintenance = useMaintenance();
  return (
    <Box as="section" aria-labelledby="maintenance-heading" borderWidth="1px" borderRadius="md" p={4} mb={6}>
      <Flex align="center" gap={3} mb={2}>
        <Heading as="h2" size="md" id="maintenance-heading">
          {t('maintenance.title')}
        </Heading>
        {maintenance.data && (
          <Badge colorPalette={maintenance.data.enabled ? 'red' : 'green'}>
            {t(maintenance.data.enabled ? 'maintenance.on' : 'maintenance.off')}
          </Badge>
        )}
      </Flex>
      <Text mb={3} color="fg.muted">
        {t('maintenance.help')}
      </Text>
      {maintenance.isError && <ErrorState title={t('kit.loadFailed')} onRetry={() => void maintenance.refetch()} />}
      {maintenance.data && <MaintenanceForm key={maintenance.data.updated_at} state={maintenance.data} />}
    </Box>
  );
}
