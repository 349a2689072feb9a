import { Box, Button, chakra, Flex, SimpleGrid } from '@chakra-ui/react';
import { applyApiFieldErrors, ErrorState, PageHeader, PageSpinner, TextField, useYupForm, CheckboxField } from '@leadsmith/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePartner } from '../api/getPartner';
import type { Partner } from '../api/listPartners';
import { partnerSchema, useSavePartner, type PartnerValues } from '../api/savePartner';

function PartnerForm({ partner, onDone }: { partner?: Partner; onDone: () => void }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSavePartner();
  const form = useYupForm(partnerSchema, {
    defaultValues: {
      name: partner?.name ?? '',
      email: partner?.email ?? '',
      company: partner?.company ?? '',
      referral_code: partner?.referral_code ?? '',
      commission_percent: partner?.commission_percent ?? 0,
      active: partner?.active ?? true,
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (v: PartnerValues) => {
    try {
      await save.mutateAsync({
        id: partner?.id,
        input: { name: v.name.trim(), email: v.email.trim() || null, company: v.company.trim() || null, referral_code: v.referral_code.trim(), commission_percent: v.commission_percent, active: v.active },
      });
      onDone();
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="48rem" aria-label={t(partner ? 'routes.partnerEdit' : 'routes.partnerCreate')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField label={t('partners.name')} registration={register('name')} error={errors.name} />
        <TextField label={t('partners.email')} registration={register('email')} error={errors.email} type="email" />
        <TextField label={t('partners.company')} registration={register('company')} error={errors.company} />
        <TextField label={t('partners.referralCode')} registration={register('referral_code')} error={errors.referral_code} />
        <TextField label={t('partners.commission')} registration={register('commission_percent')} error={errors.commission_percent} type="number" />
      </SimpleGrid>
      <Controller control={control} name="active" render={({ field }) => <CheckboxField label={t('partners.active')} checked={field.value} onChange={field.onChange} />} />
      <Flex gap={3} mt={4}>
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

/** partners/create and partners/{id}/edit. */
export function PartnerFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) || 0 : 0;
  const partner = usePartner(id);
  return (
    <Box>
      <PageHeader title={t(mode === 'create' ? 'routes.partnerCreate' : 'routes.partnerEdit')} onBack={() => navigate(-1)} />
      {mode === 'edit' && partner.isPending ? (
        <PageSpinner />
      ) : mode === 'edit' && partner.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void partner.refetch()} error={partner.error} />
      ) : (
        <PartnerForm key={partner.data?.id ?? 'new'} partner={mode === 'edit' ? partner.data : undefined} onDone={() => navigate('/partners')} />
      )}
    </Box>
  );
}
