import { Box, Field, Heading, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { SelectField, TextField } from '@leadsmith/shared';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SearchOptions } from '../../../api/getSearchOptions';
import type { SearchType } from '../../../api/types';
import { RANGE_FILTERS, RATE_FILTERS, type SearchFormValues } from '../searchForm';
import { CheckboxGroupField, MultiSelectField } from './fields';

export interface SearchFiltersProps {
  type: SearchType;
  form: UseFormReturn<SearchFormValues>;
  options: SearchOptions;
}

const asOptions = (values: readonly string[], label: (v: string) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));

/** The spec §3 filters of one search type. */
export function SearchFilters({ type, form, options }: SearchFiltersProps) {
  const { t } = useTranslation('leadSearch');
  const { register, control, formState } = form;
  const errors = formState.errors as Record<string, FieldError & Record<string, FieldError>>;
  const num = (name: keyof SearchFormValues) => register(name, { valueAsNumber: true });
  const label = (key: string) => t(`filters.${key}`);

  const peopleFields = (
    <>
      <TextField label={label('job_title')} registration={register('job_title')} error={errors.job_title} />
      <CheckboxGroupField
        legend={label('seniority')}
        options={asOptions(options.seniorities)}
        control={control}
        name="seniority"
        error={errors.seniority}
      />
      <CheckboxGroupField
        legend={label('departments')}
        options={asOptions(options.departments)}
        control={control}
        name="departments"
        error={errors.departments}
      />
      {options.providers[type]?.id === 'apollo' ? (
        <Text fontSize="sm" color="fg.muted" mt={-2} mb={4} data-testid="departments-by-title">
          {t('newSearch.departmentsByTitle')}
        </Text>
      ) : null}
    </>
  );

  switch (type) {
    case 'people':
      return (
        <Box>
          {peopleFields}
          <CheckboxGroupField
            legend={label('management_levels')}
            options={asOptions(options.management_levels)}
            control={control}
            name="management_levels"
          />
          <TextField label={label('company')} registration={register('company')} error={errors.company} />
        </Box>
      );
    case 'group':
      return (
        <Box>
          <Field.Root invalid={Boolean(errors.companies)} mb={4}>
            <Field.Label>{label('companies')}</Field.Label>
            <Textarea rows={4} {...register('companies')} />
            {errors.companies ? <Field.ErrorText color="red.700">{errors.companies.message}</Field.ErrorText> : null}
          </Field.Root>
          {peopleFields}
        </Box>
      );
    case 'local':
      return (
        <Box>
          <MultiSelectField
            id="local-categories"
            label={label('categories')}
            hint={t('newSearch.multiHint')}
            options={options.place_types}
            control={control}
            name="categories"
            error={errors.categories}
          />
          <CheckboxGroupField
            legend={label('technologies')}
            options={asOptions(options.technologies)}
            control={control}
            name="technologies"
          />
        </Box>
      );
    case 'company':
      return (
        <Box>
          <SelectField
            label={label('industry')}
            registration={register('industry')}
            options={asOptions(options.industries)}
            placeholder={t('newSearch.any')}
            error={errors.industry}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
            <TextField
              type="number"
              label={label('employees_min')}
              registration={num('employees_min')}
              error={errors.employees_min}
            />
            <TextField
              type="number"
              label={label('employees_max')}
              registration={num('employees_max')}
              error={errors.employees_max}
            />
          </SimpleGrid>
          <CheckboxGroupField
            legend={label('technologies')}
            options={asOptions(options.technologies)}
            control={control}
            name="technologies"
          />
          {options.providers.company?.id === 'wikidata' ? (
            <Text fontSize="sm" color="fg.muted" mt={-2} mb={4} data-testid="technologies-not-applied">
              {t('newSearch.technologiesNotApplied')}
            </Text>
          ) : null}
        </Box>
      );
    case 'domain':
      return (
        <TextField
          label={label('domain')}
          placeholder="example.com"
          registration={register('domain')}
          error={errors.domain}
        />
      );
    case 'intent':
      return (
        <TextField
          label={label('website')}
          placeholder="your-site.com"
          registration={register('website')}
          error={errors.website}
        />
      );
    case 'influencer':
      return (
        <Box>
          <CheckboxGroupField
            legend={label('platforms')}
            options={asOptions(options.platforms)}
            control={control}
            name="platforms"
            error={errors.platforms}
          />
          <CheckboxGroupField
            legend={label('account_types')}
            options={asOptions(options.account_types, (v) => t(`accountTypes.${v}`))}
            control={control}
            name="account_types"
          />
          <CheckboxGroupField
            legend={label('genders')}
            options={asOptions(options.genders, (v) => t(`genders.${v}`))}
            control={control}
            name="genders"
            columns={4}
          />
          <TextField label={label('keyword')} registration={register('keyword')} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gapX={4}>
            {RANGE_FILTERS.flatMap((r) => [
              <TextField
                key={`${r}_min`}
                type="number"
                label={t('filters.rangeMin', { name: label(r) })}
                registration={num(`${r}_min`)}
                error={errors[`${r}_min`]}
              />,
              <TextField
                key={`${r}_max`}
                type="number"
                label={t('filters.rangeMax', { name: label(r) })}
                registration={num(`${r}_max`)}
                error={errors[`${r}_max`]}
              />,
            ])}
            <TextField
              type="number"
              label={label('lastposted')}
              registration={num('lastposted')}
              error={errors.lastposted}
            />
            <TextField
              type="number"
              step="0.01"
              label={label('audience_credibility')}
              registration={num('audience_credibility')}
              error={errors.audience_credibility}
            />
          </SimpleGrid>
          {RATE_FILTERS.map((rate) => (
            <Box key={rate} as="fieldset" borderWidth="1px" borderColor="border" borderRadius="md" p={3} mb={3}>
              <Heading as="legend" size="sm" px={1}>
                {label(rate)}
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap={3}>
                {rate === 'engagementRate' ? (
                  <Box />
                ) : (
                  <SelectField
                    label={t('filters.interval')}
                    registration={register(`${rate}.interval`)}
                    options={asOptions(options.growth_intervals, (v) => t(`intervals.${v}`))}
                    placeholder={t('newSearch.any')}
                    error={errors[rate]?.interval}
                  />
                )}
                <SelectField
                  label={t('filters.operator')}
                  registration={register(`${rate}.operator`)}
                  options={asOptions(options.operators, (v) => t(`operators.${v}`))}
                  placeholder={t('newSearch.any')}
                  error={errors[rate]?.operator}
                />
                <TextField
                  type="number"
                  step="0.01"
                  label={t('filters.value')}
                  registration={register(`${rate}.value`, { valueAsNumber: true })}
                  error={errors[rate]?.value}
                />
              </SimpleGrid>
            </Box>
          ))}
        </Box>
      );
  }
}
