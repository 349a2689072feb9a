import { Box, Button, Flex, Heading, HStack, Input, SimpleGrid, Stack, chakra } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  apiFieldErrors,
  CheckboxField,
  ErrorState,
  OnboardingTopics,
  PageHeader,
  PageSpinner,
  SelectField,
  TextField,
  useYupForm,
} from '@leadsmith/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCampaigns } from '../../../api/getCampaigns';
import { useCreateCampaign } from '../../../api/createCampaign';
import { useSearchOptions, type SearchOptions } from '../../../api/getSearchOptions';
import { useUserLimits, type UserLimits } from '../../../api/getUserLimits';
import { listPath, SEARCH_TYPES, type SearchType } from '../../../api/types';
import { useStartSearch } from '../api/startSearch';
import { costPerRecord, searchSchema, toApiFilters, valuesFromQuery, type SearchFormValues } from '../searchForm';
import { CostPanel } from './CostPanel';
import { SearchFilters } from './SearchFilters';
import { SaveSearchPanel } from './SaveSearchPanel';
import { useSaveSearch, type SavedSearchAlert } from '../../../api/saveSearch';

const isSearchType = (value: string | null): value is SearchType =>
  (SEARCH_TYPES as readonly string[]).includes(value ?? '');

export interface NewSearchScreenProps {
  /** Another screen title (list new-search uses its own route title). */
  titleKey?: string;
  /** Search into this list: its type is fixed and it is preselected. */
  list?: { type: SearchType; id: number };
  onBack?: () => void;
}

/** lead-search/new-search: choose a type, its filters, the location and the list; see the cost; run. */
export function NewSearchScreen({ titleKey = 'routes.newSearch', list, onBack }: NewSearchScreenProps = {}) {
  const { t } = useTranslation('leadSearch');
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type');
  const type: SearchType = list?.type ?? (isSearchType(rawType) ? rawType : 'people');
  const initial = valuesFromQuery(params);
  if (list) initial.campaign_id = String(list.id);
  const options = useSearchOptions();
  const limits = useUserLimits();

  const chooseType = (next: SearchType) => {
    // Keep the location and the list; filters belong to the previous type.
    const kept = new URLSearchParams({ type: next });
    for (const key of ['location', 'count']) {
      const value = params.get(key);
      if (value) kept.set(key, value);
    }
    setParams(kept, { replace: true });
  };

  return (
    <Box>
      <PageHeader title={t(titleKey)} onBack={onBack} />
      {/* Where a user with lead search starts (spec §2 home redirect): the onboarding topics. */}
      {list ? null : <OnboardingTopics variant="panel" />}
      <Box as="fieldset" mb={6} hidden={Boolean(list)}>
        <Heading as="legend" size="md" mb={3}>
          {t('newSearch.typeLegend')}
        </Heading>
        <SimpleGrid
          columns={{ base: 2, md: 4, lg: 7 }}
          gap={2}
          role="radiogroup"
          aria-label={t('newSearch.typeLegend')}
        >
          {SEARCH_TYPES.map((st) => (
            <chakra.label
              key={st}
              borderWidth="2px"
              borderColor={st === type ? 'brand.solid' : 'border'}
              bg={st === type ? 'bg.emphasized' : 'bg'}
              borderRadius="md"
              p={3}
              cursor="pointer"
              display="flex"
              gap={2}
              alignItems="flex-start"
            >
              <input type="radio" name="search-type" value={st} checked={st === type} onChange={() => chooseType(st)} />
              <span>
                <chakra.span display="block" fontWeight="semibold">
                  {t(`types.${st}.name`)}
                </chakra.span>
                <chakra.span display="block" fontSize="xs">
                  {t(`types.${st}.hint`)}
                </chakra.span>
              </span>
            </chakra.label>
          ))}
        </SimpleGrid>
      </Box>
      {options.isPending || limits.isPending ? (
        <PageSpinner />
      ) : options.isError || limits.isError ? (
        <ErrorState
          title={t('errors.loadFailed')}
          onRetry={() => void Promise.all([options.refetch(), limits.refetch()])}
        />
      ) : (
        <SearchForm key={type} type={type} options={options.data} limits={limits.data} initial={initial} />
      )}
    </Box>
  );
}

interface SearchFormProps {
  type: SearchType;
  options: SearchOptions;
  limits: UserLimits;
  initial: SearchFormValues;
}

function SearchForm({ type, options, limits, initial }: SearchFormProps) {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const schema = useMemo(() => searchSchema(type, options.max_count), [type, options.max_count]);
  const form = useYupForm<SearchFormValues>(schema, { defaultValues: initial });
  const { register, handleSubmit, formState, watch, setValue } = form;
  const lists = useCampaigns({ type, pageSize: 100 });
  const createList = useCreateCampaign();
  const start = useStartSearch();
  const saveSearch = useSaveSearch();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [newListName, setNewListName] = useState('');
  const [newListDemo, setNewListDemo] = useState(false);
  const [newListError, setNewListError] = useState<string | null>(null);
  // Contacts already held in another list: kept (marked duplicate, not charged again) unless the user skips them.
  const [skipDuplicates, setSkipDuplicates] = useState(false);

  const count = Number(watch('count'));
  const campaignId = watch('campaign_id');
  const chosenList = lists.data?.data.find((c) => String(c.id) === campaignId);
  // Demo data (a demo list, or no real source for the type) does not use the search limit.
  const overLimit =
    !chosenList?.is_demo && !options.providers[type].demo && Number.isFinite(count) && count > limits.remaining;

  const handleCreateList = async () => {
    setNewListError(null);
    try {
      const created = await createList.mutateAsync({ name: newListName.trim(), list_type: type, is_demo: newListDemo });
      await lists.refetch();
      setValue('campaign_id', String(created.id), { shouldValidate: true });
      setNewListName('');
      setNewListDemo(false);
    } catch (error) {
      setNewListError(apiFieldErrors(error).name ?? t('errors.createListFailed'));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { campaign } = await start.mutateAsync({
        type,
        campaign_id: Number(values.campaign_id),
        location: values.location,
        count: values.count,
        filters: toApiFilters(values, options.filters_by_type[type]),
        duplicates: skipDuplicates ? 'skip' : 'keep',
      });
      navigate(`/saved-lists/${listPath(campaign)}`);
    } catch (error) {
      // `filters.job_title` → the form's `job_title`.
      const fields = apiFieldErrors(error);
      for (const [field, message] of Object.entries(fields)) {
        const name = field.replace(/^filters\./, '') as keyof SearchFormValues;
        form.setError(name, { type: 'server', message });
      }
      if (Object.keys(fields).length === 0) applyApiFieldErrors(form, error);
    }
  });

  // The same checks as a run (spec §5: location and list, the type's filters), then the search is kept under its name.
  const handleSaveSearch = (name: string, alert: SavedSearchAlert): Promise<boolean> =>
    new Promise((resolve) => {
      setSaveError(null);
      void handleSubmit(
        async (values) => {
          try {
            await saveSearch.mutateAsync({
              name,
              alert,
              type: type as Exclude<SearchType, 'intent'>,
              campaign_id: Number(values.campaign_id),
              location: values.location,
              count: values.count,
              filters: toApiFilters(values, options.filters_by_type[type]),
              time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            });
            resolve(true);
          } catch (error) {
            setSaveError(Object.values(apiFieldErrors(error))[0] ?? t('savedSearches.saveFailed'));
            resolve(false);
          }
        },
        () => resolve(false),
      )();
    });

  return (
    <chakra.form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={t('newSearch.formLabel', { type: t(`types.${type}.name`) })}
    >
      <Flex gap={8} direction={{ base: 'column', lg: 'row' }}>
        <Box flex="2">
          <Heading as="h2" size="md" mb={3}>
            {t('newSearch.filtersHeading', { type: t(`types.${type}.name`) })}
          </Heading>
          <SearchFilters type={type} form={form} options={options} />
        </Box>
        <Stack flex="1" gap={0}>
          <Heading as="h2" size="md" mb={3}>
            {t('newSearch.whereHeading')}
          </Heading>
          <TextField
            label={t('newSearch.location')}
            placeholder={t('newSearch.locationPlaceholder')}
            registration={register('location')}
            error={formState.errors.location}
          />
          <SelectField
            // Remount once the lists arrive so a prefilled list id shows as selected.
            key={lists.isSuccess ? 'lists-ready' : 'lists-loading'}
            label={t('newSearch.list')}
            registration={register('campaign_id')}
            placeholder={t('newSearch.chooseList')}
            options={(lists.data?.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.is_demo ? `${c.name} (${t('demoList')})` : c.name,
            }))}
            error={formState.errors.campaign_id}
          />
          <Box mb={4}>
            <chakra.label htmlFor="new-list-name" fontSize="sm" fontWeight="medium" display="block" mb={1}>
              {t('newSearch.newListName')}
            </chakra.label>
            <HStack>
              <Input
                id="new-list-name"
                value={newListName}
                onChange={(e) => setNewListName(e.target.value)}
                aria-invalid={Boolean(newListError) || undefined}
                aria-describedby={newListError ? 'new-list-error' : undefined}
              />
              <Button
                type="button"
                variant="outline"
                onClick={() => void handleCreateList()}
                disabled={!newListName.trim()}
                loading={createList.isPending}
              >
                {t('newSearch.createList')}
              </Button>
            </HStack>
            {newListError ? (
              <chakra.p id="new-list-error" role="alert" color="red.700" fontSize="sm" mt={1}>
                {newListError}
              </chakra.p>
            ) : null}
            <Box mt={2}>
              <CheckboxField label={t('newSearch.demoList')} checked={newListDemo} onChange={setNewListDemo} />
            </Box>
          </Box>
          <TextField
            type="number"
            label={t('newSearch.count', { max: options.max_count })}
            registration={register('count', { valueAsNumber: true })}
            error={formState.errors.count}
          />
          <CheckboxField label={t('duplicates.skipInSearch')} checked={skipDuplicates} onChange={setSkipDuplicates} />
          <CostPanel
            count={count}
            perRecord={costPerRecord(type)}
            limits={limits}
            demo={options.providers[type].demo}
            isDemoList={Boolean(chosenList?.is_demo)}
            type={type}
          />
          {/* Kept in view at the bottom of the window while the form is taller than it (900 px screens). */}
          <Box position="sticky" bottom={0} bg="white" py={3} zIndex={1}>
            <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} disabled={overLimit}>
              {t('newSearch.run')}
            </Button>
          </Box>
          {type === 'intent' ? null : (
            <SaveSearchPanel onSave={handleSaveSearch} busy={saveSearch.isPending} error={saveError} />
          )}
        </Stack>
      </Flex>
    </chakra.form>
  );
}
