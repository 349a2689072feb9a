import { Box, Button, chakra, Checkbox, Fieldset, Flex, Stack, Text } from '@chakra-ui/react';
import {
  apiErrorMessage,
  apiFieldErrors,
  applyApiFieldErrors,
  CHECKBOX_INPUT_OVER,
  ErrorState,
  PageHeader,
  PageSpinner,
  SelectField,
  TextField,
  useYupForm,
  v,
  yup,
} from '@leadsmith/shared';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCampaigns } from '../../../api/getCampaigns';
import { useSearchOptions } from '../../../api/getSearchOptions';
import type { SearchType } from '../../../api/types';
import { useAutopilot } from '../api/getAutopilot';
import {
  AUTOPILOT_LIST_TYPES,
  AUTOPILOT_TYPES,
  autopilotPath,
  CRMS,
  parseAutopilotParam,
  PROMPT_TYPES,
  REPEATS,
  type Autopilot,
  type AutopilotType,
  type Repeat,
} from '../api/getAutopilots';
import { useSaveAutopilot, type AutopilotInput } from '../api/saveAutopilot';
import { browserTimeZone, timeZoneOptions } from '../../schedule/timeZones';

interface FormValues {
  name: string;
  type: AutopilotType;
  repeat: Repeat;
  campaign_id: string;
  location: string;
  filterValue: string;
  max_results: number;
  enrichment: boolean;
  ai_prompts: string[];
  crm: string;
  time_zone: string;
}

/** The one filter the form offers per list type, and how it travels to the API. */
const FILTER_OF: Record<
  string,
  {
    key: string;
    toApi: (value: string) => Record<string, unknown>;
    fromApi: (filters: Record<string, unknown>) => string;
  }
> = {
  people: { key: 'job_title', toApi: (value) => ({ job_title: value }), fromApi: (f) => String(f.job_title ?? '') },
  company: { key: 'industry', toApi: (value) => ({ industry: value }), fromApi: (f) => String(f.industry ?? '') },
  local: {
    key: 'categories',
    toApi: (value) => ({ categories: [value] }),
    fromApi: (f) => (Array.isArray(f.categories) ? String(f.categories[0] ?? '') : ''),
  },
};

const MAX_RESULTS = 1000;

/** lead-search/autopilot/create and autopilot/{type}-{id}/edit: the fields of spec §3. */
export function AutopilotFormScreen({ edit = false }: { edit?: boolean }) {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const typeId = useParams().typeId;
  const id = edit ? parseAutopilotParam(typeId) : null;
  const existing = useAutopilot(id);
  const header = (
    <PageHeader title={t(edit ? 'routes.autopilotEdit' : 'routes.autopilotCreate')} onBack={() => navigate(-1)} />
  );
  if (edit && (id === null || existing.isError)) {
    return (
      <Box>
        {header}
        <ErrorState
          title={existing.isError ? apiErrorMessage(existing.error, t('autopilot.notFound')) : t('autopilot.notFound')}
        />
      </Box>
    );
  }
  return (
    <Box>
      {header}
      {edit && existing.isPending ? <PageSpinner /> : <AutopilotForm autopilot={existing.data} />}
    </Box>
  );
}

function AutopilotForm({ autopilot }: { autopilot?: Autopilot }) {
  const { t, i18n } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const save = useSaveAutopilot();
  const lists = useCampaigns({ page: 1, pageSize: 100 });
  const options = useSearchOptions();
  const schema = useMemo(
    () =>
      yup.object({
        name: v.required().max(120, v.message('maxLength', { count: 120 })),
        type: yup
          .mixed<AutopilotType>()
          .oneOf([...AUTOPILOT_TYPES])
          .required(),
        repeat: yup
          .mixed<Repeat>()
          .oneOf([...REPEATS])
          .required(),
        campaign_id: yup.string().required(() => t('autopilot.locationAndList')),
        location: yup
          .string()
          .trim()
          .required(() => t('autopilot.locationAndList'))
          .max(200, v.message('maxLength', { count: 200 })),
        filterValue: yup.string().trim().required(v.message('selectFilter')),
        max_results: v
          .integer()
          .required(v.message('required'))
          .min(1, v.message('minNumber', { min: 1 }))
          .max(MAX_RESULTS, v.message('maxNumber', { max: MAX_RESULTS })),
        enrichment: yup.boolean().default(false),
        ai_prompts: yup.array(yup.string().required()).default([]),
        crm: yup.string().default(''),
        time_zone: yup.string().required(v.message('required')),
      }) as unknown as yup.ObjectSchema<FormValues>,
    [t],
  );
  const listType = autopilot?.campaign.list_type;
  const form = useYupForm<FormValues>(schema, {
    defaultValues: autopilot
      ? {
          name: autopilot.name,
          type: autopilot.type,
          repeat: autopilot.repeat,
          campaign_id: String(autopilot.campaign.id),
          location: autopilot.location,
          filterValue: listType && FILTER_OF[listType] ? FILTER_OF[listType].fromApi(autopilot.filters) : '',
          max_results: autopilot.max_results,
          enrichment: autopilot.enrichment,
          ai_prompts: autopilot.ai_prompts,
          crm: autopilot.crm ?? '',
          time_zone: autopilot.time_zone,
        }
      : {
          name: '',
          type: 'basic',
          repeat: 'daily',
          campaign_id: '',
          location: '',
          filterValue: '',
          max_results: 20,
          enrichment: false,
          ai_prompts: [],
          crm: '',
          time_zone: browserTimeZone(),
        },
  });
  const errors = form.formState.errors;
  const choices = (lists.data?.data ?? []).filter((c) => AUTOPILOT_LIST_TYPES.includes(c.list_type));
  // The list being edited stays selectable even when it is not on the first page of lists.
  if (
    autopilot &&
    !choices.some((c) => c.id === autopilot.campaign.id) &&
    AUTOPILOT_LIST_TYPES.includes(autopilot.campaign.list_type)
  ) {
    choices.unshift({
      id: autopilot.campaign.id,
      name: autopilot.campaign.name,
      list_type: autopilot.campaign.list_type,
    } as (typeof choices)[number]);
  }
  const zones = timeZoneOptions(i18n.language, form.getValues('time_zone'));
  const selectedId = form.watch('campaign_id');
  const selectedType: SearchType | undefined = choices.find((c) => String(c.id) === selectedId)?.list_type;

  const onSubmit = form.handleSubmit(async (values) => {
    const type = choices.find((c) => String(c.id) === values.campaign_id)?.list_type ?? 'people';
    const input: AutopilotInput = {
      name: values.name.trim(),
      type: values.type,
      repeat: values.repeat,
      campaign_id: Number(values.campaign_id),
      location: values.location.trim(),
      filters: FILTER_OF[type]!.toApi(values.filterValue.trim()),
      max_results: Number(values.max_results),
      enrichment: values.enrichment,
      // The form's checkboxes and select offer only the API's prompt types and CRMs.
      ai_prompts: (values.ai_prompts ?? []) as AutopilotInput['ai_prompts'],
      crm: (values.crm || null) as AutopilotInput['crm'],
      time_zone: values.time_zone,
    };
    try {
      const saved = await save.mutateAsync({ ...input, id: autopilot?.id });
      navigate(autopilotPath(saved), { replace: Boolean(autopilot) });
    } catch (error) {
      if (!applyApiFieldErrors(form, error)) {
        // Filter problems come back as filters.<name>: they belong to the one filter field.
        const filterError = Object.entries(apiFieldErrors(error)).find(([field]) => field.startsWith('filters.'));
        if (filterError) form.setError('filterValue', { type: 'server', message: filterError[1] });
      }
    }
  });

  if (lists.isPending || options.isPending) return <PageSpinner />;
  if (lists.isError)
    return (
      <ErrorState
        title={apiErrorMessage(lists.error, t('autopilot.loadFailed'))}
        onRetry={() => void lists.refetch()}
        error={lists.error}
      />
    );

  return (
    <chakra.form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      maxW="2xl"
      aria-label={t(autopilot ? 'routes.autopilotEdit' : 'routes.autopilotCreate')}
    >
      <TextField label={t('autopilot.fields.name')} registration={form.register('name')} error={errors.name} />
      <Flex gap={4} wrap="wrap">
        <Box flex="1" minW="48">
          <SelectField
            id="autopilot-type"
            label={t('autopilot.fields.type')}
            registration={form.register('type')}
            options={AUTOPILOT_TYPES.map((x) => ({ value: x, label: t(`autopilot.types.${x}`) }))}
          />
        </Box>
        <Box flex="1" minW="48">
          <SelectField
            id="autopilot-repeat"
            label={t('autopilot.fields.repeat')}
            registration={form.register('repeat')}
            options={REPEATS.map((x) => ({ value: x, label: t(`autopilot.repeat.${x}`) }))}
          />
        </Box>
      </Flex>
      <SelectField
        id="autopilot-time-zone"
        label={t('autopilot.fields.timeZone')}
        registration={form.register('time_zone')}
        error={errors.time_zone?.message}
        options={zones}
      />
      <SelectField
        id="autopilot-list"
        label={t('autopilot.fields.list')}
        registration={form.register('campaign_id')}
        error={errors.campaign_id?.message}
        placeholder={t('autopilot.chooseList')}
        options={choices.map((c) => ({ value: String(c.id), label: `${c.name} (${t(`types.${c.list_type}.name`)})` }))}
      />
      {choices.length === 0 ? (
        <Text mb={4}>
          {t('autopilot.noLists')} <Link to="/new-search">{t('autopilot.newSearchLink')}</Link>
        </Text>
      ) : null}
      <TextField
        label={t('autopilot.fields.location')}
        registration={form.register('location')}
        error={errors.location}
      />
      {selectedType === 'company' ? (
        <SelectField
          id="autopilot-filter"
          label={t('autopilot.filter.company')}
          registration={form.register('filterValue')}
          error={errors.filterValue?.message}
          placeholder={t('autopilot.filter.choose')}
          options={(options.data?.industries ?? []).map((x) => ({ value: x, label: x }))}
        />
      ) : selectedType === 'local' ? (
        <SelectField
          id="autopilot-filter"
          label={t('autopilot.filter.local')}
          registration={form.register('filterValue')}
          error={errors.filterValue?.message}
          placeholder={t('autopilot.filter.choose')}
          options={(options.data?.place_types ?? []).map((x) => ({ value: x, label: x }))}
        />
      ) : (
        <TextField
          label={t('autopilot.filter.people')}
          registration={form.register('filterValue')}
          error={errors.filterValue}
        />
      )}
      <TextField
        label={t('autopilot.fields.maxResults')}
        type="number"
        min={1}
        max={MAX_RESULTS}
        registration={form.register('max_results')}
        error={errors.max_results}
      />
      <Controller
        control={form.control}
        name="enrichment"
        render={({ field }) => (
          <Checkbox.Root
            mb={4}
            display="flex"
            position="relative"
            isolation="isolate"
            checked={field.value}
            onCheckedChange={(e) => field.onChange(e.checked === true)}
          >
            <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} style={CHECKBOX_INPUT_OVER} />
            <Checkbox.Control />
            <Checkbox.Label fontWeight="normal">{t('autopilot.fields.enrichment')}</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      <Controller
        control={form.control}
        name="ai_prompts"
        render={({ field }) => {
          const chosen = field.value ?? [];
          const toggle = (prompt: string, on: boolean) =>
            field.onChange(on ? [...chosen.filter((c) => c !== prompt), prompt] : chosen.filter((c) => c !== prompt));
          return (
            <Fieldset.Root mb={4}>
              <Fieldset.Legend fontSize="sm" fontWeight="medium" mb={1}>
                {t('autopilot.fields.aiPrompts')}
              </Fieldset.Legend>
              <Stack direction="row" wrap="wrap" gap={4}>
                {PROMPT_TYPES.map((p) => (
                  <Checkbox.Root
                    key={p}
                    value={p}
                    position="relative"
                    isolation="isolate"
                    checked={chosen.includes(p)}
                    onCheckedChange={(e) => toggle(p, e.checked === true)}
                  >
                    <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} style={CHECKBOX_INPUT_OVER} />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="normal">{t(`autopilot.prompts.${p}`)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Fieldset.Root>
          );
        }}
      />
      <SelectField
        id="autopilot-crm"
        label={t('autopilot.fields.crm')}
        registration={form.register('crm')}
        placeholder={t('autopilot.noCrm')}
        options={CRMS.map((c) => ({ value: c, label: t(`autopilot.crms.${c}`) }))}
      />
      <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
        {t(autopilot ? 'autopilot.save' : 'autopilot.saveAndSchedule')}
      </Button>
    </chakra.form>
  );
}
