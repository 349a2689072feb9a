import { Box, Button, chakra, Code, HStack, Text } from '@chakra-ui/react';
import {
  apiErrorMessage,
  applyApiFieldErrors,
  ErrorState,
  PageHeader,
  PageSpinner,
  TextField,
  useYupForm,
  v,
  yup,
} from '@leadsmith/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCampaignWebhook, useSetupCampaignWebhook, type CampaignWebhook } from '../../../api/campaignWebhook';
import { parseListParam } from '../../../api/types';

/** lead-search/saved-lists/{type}-{id}/webhook: where "send to webhook" posts this list's results. */
export function ListWebhookScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const list = parseListParam(useParams().typeId);
  const hook = useCampaignWebhook(list?.id ?? 0);
  const header = <PageHeader title={t('routes.listWebhook')} onBack={() => navigate(-1)} />;
  if (!list || hook.isError) {
    return (
      <Box>
        {header}
        <ErrorState
          title={hook.isError ? apiErrorMessage(hook.error, t('errors.listNotFound')) : t('errors.listNotFound')}
        />
      </Box>
    );
  }
  return (
    <Box>
      {header}
      {hook.isPending ? <PageSpinner /> : <WebhookForm id={list.id} hook={hook.data} />}
    </Box>
  );
}

function WebhookForm({ id, hook }: { id: number; hook: CampaignWebhook }) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const setup = useSetupCampaignWebhook();
  const schema = useMemo(
    () =>
      yup.object({
        url: v
          .required()
          .url(v.message('url'))
          .max(2000, v.message('maxLength', { count: 2000 })),
      }) as yup.ObjectSchema<{ url: string }>,
    [],
  );
  const form = useYupForm<{ url: string }>(schema, { defaultValues: { url: hook.url ?? '' } });
  const save = (regenerate: boolean) =>
    form.handleSubmit(async ({ url }) => {
      try {
        await setup.mutateAsync({ id, url, regenerate_secret: regenerate });
      } catch (error) {
        applyApiFieldErrors(form, error);
      }
    });
  return (
    <chakra.form onSubmit={(e) => void save(false)(e)} noValidate maxW="2xl">
      {!hook.url ? (
        <Text mb={4} fontWeight="semibold">
          {tc('errors.listHasNoWebhook')}
        </Text>
      ) : null}
      <TextField
        label={t('webhook.url')}
        placeholder="https://"
        registration={form.register('url')}
        error={form.formState.errors.url}
      />
      {hook.secret ? (
        <Box mb={4}>
          <Text fontWeight="medium" fontSize="sm">
            {t('webhook.secret')}
          </Text>
          <Code data-testid="webhook-secret" wordBreak="break-all">
            {hook.secret}
          </Code>
          <Text fontSize="sm" mt={2}>
            {t('webhook.signatureHelp')}
          </Text>
        </Box>
      ) : null}
      <HStack>
        <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
          {tc('actions.save')}
        </Button>
        {hook.secret ? (
          <Button type="button" variant="outline" onClick={() => void save(true)()}>
            {t('webhook.regenerate')}
          </Button>
        ) : null}
      </HStack>
    </chakra.form>
  );
}
