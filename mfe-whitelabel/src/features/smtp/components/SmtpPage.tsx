import { Box, Button, chakra, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  ErrorState,
  PageHeader,
  PageSpinner,
  TextField,
  useYupForm,
  SelectField,
} from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useSmtp, type SmtpEncryption, type SmtpSettings } from '../api/getSmtp';
import { ENCRYPTIONS, smtpSchema, useSaveSmtp, type SmtpValues } from '../api/saveSmtp';
import { testEmailSchema, useSendTestEmail } from '../api/sendTestEmail';

function SmtpForm({ smtp }: { smtp: SmtpSettings | null }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveSmtp();
  const form = useYupForm(smtpSchema, {
    defaultValues: {
      host: smtp?.host ?? '',
      port: smtp?.port ?? 587,
      username: smtp?.username ?? '',
      password: '',
      encryption: smtp?.encryption ?? 'tls',
      from_email: smtp?.from_email ?? '',
      support_email: smtp?.support_email ?? '',
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (v: SmtpValues) => {
    try {
      await save.mutateAsync({
        host: v.host.trim(),
        port: v.port,
        username: v.username.trim() || null,
        ...(v.password ? { password: v.password } : {}),
        encryption: v.encryption as SmtpEncryption,
        from_email: v.from_email.trim(),
        support_email: v.support_email.trim(),
      });
      form.setValue('password', '');
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="48rem" aria-label={t('routes.smtp')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField
          label={t('smtp.host')}
          registration={register('host')}
          error={errors.host}
          placeholder="smtp.example.com"
        />
        <TextField label={t('smtp.port')} registration={register('port')} error={errors.port} type="number" />
        <TextField
          label={t('smtp.username')}
          registration={register('username')}
          error={errors.username}
          autoComplete="off"
        />
        <TextField
          label={smtp?.has_password ? t('smtp.passwordKeep') : t('smtp.password')}
          registration={register('password')}
          error={errors.password}
          type="password"
          autoComplete="new-password"
        />
        <SelectField
          label={t('smtp.encryption')}
          registration={register('encryption')}
          error={errors.encryption}
          options={ENCRYPTIONS.map((e) => ({ value: e, label: t(`smtp.encryptions.${e}`) }))}
        />
        <TextField
          label={t('smtp.fromEmail')}
          registration={register('from_email')}
          error={errors.from_email}
          type="email"
        />
        <TextField
          label={t('smtp.supportEmail')}
          registration={register('support_email')}
          error={errors.support_email}
          type="email"
        />
      </SimpleGrid>
      <Button type="submit" colorPalette="brand" loading={save.isPending}>
        {tc('actions.save')}
      </Button>
    </chakra.form>
  );
}

function TestEmailForm() {
  const { t } = useTranslation('whitelabel');
  const send = useSendTestEmail();
  const form = useYupForm(testEmailSchema, { defaultValues: { to: '' } });
  const submit = form.handleSubmit(async ({ to }) => {
    try {
      await send.mutateAsync(to.trim());
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="32rem" aria-label={t('smtp.testTitle')}>
      <Flex gap={3} align="end">
        <Box flex="1">
          <TextField
            label={t('smtp.testTo')}
            registration={form.register('to')}
            error={form.formState.errors.to}
            type="email"
          />
        </Box>
        <Button type="submit" variant="outline" mb={4} loading={send.isPending}>
          {t('smtp.sendTest')}
        </Button>
      </Flex>
    </chakra.form>
  );
}

/** whitelabel/smtp: the reseller's own mail server; welcome emails to its customers go through it. */
export function SmtpPage() {
  const { t } = useTranslation('whitelabel');
  const smtp = useSmtp();
  return (
    <Box>
      <PageHeader title={t('routes.smtp')} />
      {smtp.isPending ? (
        <PageSpinner />
      ) : smtp.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void smtp.refetch()} />
      ) : (
        <>
          <Text mb={4}>{t('smtp.intro')}</Text>
          <SmtpForm smtp={smtp.data} />
          <Heading as="h2" size="md" mt={8} mb={3}>
            {t('smtp.testTitle')}
          </Heading>
          {smtp.data ? <TestEmailForm /> : <Text>{t('smtp.saveFirst')}</Text>}
        </>
      )}
    </Box>
  );
}
