import { Box, Button, chakra, Text } from '@chakra-ui/react';
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
import { useCampaign } from '../../../api/getCampaign';
import { useSaveCampaignDetails } from '../../../api/saveCampaignDetails';
import { parseListParam, type Campaign } from '../../../api/types';

interface DetailsValues {
  tags: string;
  source: string;
}

/** Tags: comma separated, each at most 40 characters, at most 20 (the API's limits). */
const splitTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** lead-search/saved-lists/{type}-{id}/tags-and-source. */
export function TagsAndSourceScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const list = parseListParam(useParams().typeId);
  const campaign = useCampaign(list?.id ?? 0);
  const header = <PageHeader title={t('routes.tagsAndSource')} onBack={() => navigate(-1)} />;
  if (!list || campaign.isError || (campaign.data && campaign.data.list_type !== list.type)) {
    return (
      <Box>
        {header}
        <ErrorState
          title={
            campaign.isError ? apiErrorMessage(campaign.error, t('errors.listNotFound')) : t('errors.listNotFound')
          }
        />
      </Box>
    );
  }
  return (
    <Box>
      {header}
      {campaign.isPending ? <PageSpinner /> : <DetailsForm campaign={campaign.data} />}
    </Box>
  );
}

function DetailsForm({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const save = useSaveCampaignDetails();
  const schema = useMemo(
    () =>
      yup.object({
        tags: yup
          .string()
          .default('')
          .test('tags', v.message('maxLength', { count: 40 }), (value) =>
            splitTags(value ?? '').every((tag) => tag.length <= 40),
          )
          .test('count', v.message('maxNumber', { max: 20 }), (value) => splitTags(value ?? '').length <= 20),
        source: yup
          .string()
          .default('')
          .max(200, v.message('maxLength', { count: 200 })),
      }) as yup.ObjectSchema<DetailsValues>,
    [],
  );
  const form = useYupForm<DetailsValues>(schema, {
    defaultValues: { tags: campaign.tags.join(', '), source: campaign.source ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        campaign_id: campaign.id,
        tags: splitTags(values.tags),
        source: values.source.trim() || null,
      });
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void onSubmit(e)} noValidate maxW="xl">
      <Text as="h2" fontWeight="bold" fontSize="lg" mb={4}>
        {campaign.name}
      </Text>
      <TextField label={t('details.tags')} registration={form.register('tags')} error={form.formState.errors.tags} />
      <TextField
        label={t('details.source')}
        registration={form.register('source')}
        error={form.formState.errors.source}
      />
      <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
        {tc('actions.save')}
      </Button>
    </chakra.form>
  );
}
