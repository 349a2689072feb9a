import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import {
  FilterSelect,
  CheckboxField,
  PageSpinner,
  SelectField,
  TextareaField,
  TextField,
  useYupForm,
} from '@leadsmith/shared';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCampaigns } from '../../../api/getCampaigns';
import { useSearchOptions, type SearchOptions } from '../../../api/getSearchOptions';
import type { Campaign, SearchType } from '../../../api/types';
import { useLabelOptions, type LabelOption } from '../api/getLabelOptions';
import {
  CONTENT_TYPES,
  ENRICH_ACTIONS,
  FILTER_FIELDS,
  FILTER_OPERATORS,
  WORKFLOW_REPEATS,
  type NodeKind,
  type NodeSettings,
  type WorkflowEdge,
  type WorkflowNode,
} from '../api/getWorkflows';
import { canConnect } from '../graph';
import { formFieldOf, MAIN_FILTER, nodeSchema, toFormValues, toSettings, type NodeFormValues } from '../nodeForm';
import { timeZoneOptions } from '../../schedule/timeZones';

export interface NodeSettingsPanelProps {
  node: WorkflowNode;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  readOnly: boolean;
  /** A setting the server refused (publish/save), shown on its field. */
  serverError: { setting: string; message: string } | null;
  onChange: (settings: NodeSettings, label: string) => void;
  onConnect: (target: string) => void;
  onDisconnect: (edge: WorkflowEdge) => void;
  onDelete: () => void;
}

/** The selected node's settings panel: waits for the lists, labels and options its fields choose from. */
export function NodeSettingsPanel(props: NodeSettingsPanelProps) {
  const lists = useCampaigns({ page: 1, pageSize: 100 });
  const labels = useLabelOptions();
  const options = useSearchOptions();
  if (lists.isPending || labels.isPending || options.isPending) return <PageSpinner />;
  return (
    <NodeSettingsForm
      {...props}
      lists={lists.data?.data ?? []}
      labels={labels.data ?? []}
      searchOptions={options.data}
    />
  );
}

interface FormProps extends NodeSettingsPanelProps {
  lists: Campaign[];
  labels: LabelOption[];
  searchOptions: SearchOptions | undefined;
}

/** The selected node's settings (react-hook-form + yup, applied as you type), its connections and delete. */
function NodeSettingsForm({
  node,
  nodes,
  edges,
  readOnly,
  serverError,
  onChange,
  onConnect,
  onDisconnect,
  onDelete,
  lists,
  labels,
  searchOptions,
}: FormProps) {
  const { t, i18n } = useTranslation('leadSearch');
  const listType = (id: number | null | undefined): SearchType | undefined => lists.find((c) => c.id === id)?.list_type;
  const form = useYupForm<NodeFormValues>(nodeSchema(node.kind) as never, {
    mode: 'onChange',
    defaultValues: toFormValues(node.label ?? '', node.settings, listType(node.settings.campaign_id)),
  });
  const conditions = useFieldArray({ control: form.control, name: 'conditions' });
  const errors = form.formState.errors;
  const kind: NodeKind = node.kind;
  const campaignId = form.watch('campaign_id');
  const currentType = listType(campaignId ? Number(campaignId) : null);

  // Edits go to the builder as they are made (a draft may be unfinished; the yup rules show what is missing).
  useEffect(() => {
    const sub = form.watch((values) => {
      const all = values as NodeFormValues;
      const type = lists.find((c) => String(c.id) === all.campaign_id)?.list_type;
      onChange(toSettings(kind, { ...all, conditions: all.conditions ?? [] }, type), all.label ?? '');
    });
    return () => sub.unsubscribe();
  }, [form, kind, lists, onChange]);

  useEffect(() => {
    if (serverError)
      form.setError(
        formFieldOf(serverError.setting) as FieldPath<NodeFormValues>,
        { type: 'server', message: serverError.message },
        { shouldFocus: true },
      );
  }, [serverError, form]);

  const [connectTo, setConnectTo] = useState('');
  const targets = nodes.filter((n) => canConnect(nodes, edges, node.id, n.id));
  const outgoing = edges.filter((e) => e.source === node.id);
  const incoming = edges.filter((e) => e.target === node.id);
  const nameOf = (id: string) => {
    const n = nodes.find((x) => x.id === id);
    return n ? n.label || `${t(`workflow.kinds.${n.kind}`)} (${n.id})` : id;
  };
  const listOptions = [
    { value: '', label: t('workflow.chooseList') },
    ...lists.map((c) => ({ value: String(c.id), label: `${c.name} (${t(`types.${c.list_type}.name`)})` })),
  ];

  return (
    <Box
      as="section"
      aria-labelledby="node-settings-title"
      borderWidth="1px"
      borderRadius="md"
      p={4}
      bg="white"
      data-testid="node-settings"
    >
      <Heading as="h2" size="md" id="node-settings-title" mb={3}>
        {t('workflow.settingsOf', { kind: t(`workflow.kinds.${kind}`) })}
      </Heading>
      <Text fontSize="sm" mb={3}>
        {t(`workflow.kindHelp.${kind}`)}
      </Text>
      <fieldset disabled={readOnly}>
        <TextField label={t('workflow.node.label')} registration={form.register('label')} error={errors.label} />

        {kind === 'trigger' ? (
          <>
            <SelectField
              label={t('workflow.node.mode')}
              registration={form.register('mode')}
              options={[
                { value: 'manual', label: t('workflow.modes.manual') },
                { value: 'schedule', label: t('workflow.modes.schedule') },
              ]}
            />
            {form.watch('mode') === 'schedule' ? (
              <SelectField
                label={t('workflow.node.repeat')}
                registration={form.register('repeat')}
                error={errors.repeat}
                options={[
                  { value: '', label: t('workflow.choose') },
                  ...WORKFLOW_REPEATS.map((r) => ({ value: r, label: t(`workflow.repeat.${r}`) })),
                ]}
              />
            ) : null}
            {form.watch('mode') === 'schedule' ? (
              <SelectField
                label={t('workflow.node.timeZone')}
                registration={form.register('time_zone')}
                error={errors.time_zone}
                options={timeZoneOptions(i18n.language, form.getValues('time_zone'))}
              />
            ) : null}
            <SelectField
              label={t('workflow.node.sourceList')}
              registration={form.register('source_campaign_id')}
              options={[{ value: '', label: t('workflow.noSourceList') }, ...listOptions.slice(1)]}
            />
            {form.watch('source_campaign_id') ? (
              <TextField
                label={t('workflow.node.sourceLimit')}
                type="number"
                min={1}
                max={1000}
                registration={form.register('source_limit')}
                error={errors.source_limit}
              />
            ) : null}
          </>
        ) : null}

        {kind === 'search' ? (
          <>
            <SelectField
              label={t('workflow.node.list')}
              registration={form.register('campaign_id')}
              error={errors.campaign_id}
              options={listOptions}
            />
            <TextField
              label={t('workflow.node.location')}
              registration={form.register('location')}
              error={errors.location}
            />
            <TextField
              label={t('workflow.node.count')}
              type="number"
              min={1}
              max={1000}
              registration={form.register('count')}
              error={errors.count}
            />
            {currentType ? (
              <MainFilterField type={currentType} form={form} options={searchOptions} />
            ) : (
              <Text fontSize="sm">{t('workflow.chooseListFirst')}</Text>
            )}
          </>
        ) : null}

        {kind === 'filter' ? (
          <>
            <SelectField
              label={t('workflow.node.match')}
              registration={form.register('match')}
              options={[
                { value: 'all', label: t('workflow.match.all') },
                { value: 'any', label: t('workflow.match.any') },
              ]}
            />
            <Stack gap={2} mb={3}>
              {conditions.fields.map((field, i) => {
                const fieldName = form.watch(`conditions.${i}.field`);
                const yesNo = fieldName === 'has_email' || fieldName === 'has_phone';
                return (
                  <Box key={field.id} borderWidth="1px" borderRadius="md" p={2} data-testid="filter-condition">
                    <SelectField
                      label={t('workflow.node.conditionField', { n: i + 1 })}
                      registration={form.register(`conditions.${i}.field`)}
                      options={FILTER_FIELDS.map((f) => ({ value: f, label: t(`workflow.filterFields.${f}`) }))}
                    />
                    <SelectField
                      label={t('workflow.node.conditionOperator', { n: i + 1 })}
                      registration={form.register(`conditions.${i}.operator`)}
                      options={FILTER_OPERATORS.filter(
                        (o) => !(yesNo || fieldName === 'email_status') || o === 'is' || o === 'is_not',
                      ).map((o) => ({ value: o, label: t(`workflow.operators.${o}`) }))}
                    />
                    {yesNo ? (
                      <SelectField
                        label={t('workflow.node.conditionValue', { n: i + 1 })}
                        registration={form.register(`conditions.${i}.value`)}
                        options={[
                          { value: 'true', label: t('workflow.yes') },
                          { value: 'false', label: t('workflow.no') },
                        ]}
                      />
                    ) : fieldName === 'email_status' ? (
                      <SelectField
                        label={t('workflow.node.conditionValue', { n: i + 1 })}
                        registration={form.register(`conditions.${i}.value`)}
                        error={errors.conditions?.[i]?.value}
                        options={[
                          { value: '', label: t('workflow.choose') },
                          ...['found', 'potential', 'not_found'].map((s) => ({
                            value: s,
                            label: t(`emailStatus.${s}`),
                          })),
                        ]}
                      />
                    ) : (
                      <TextField
                        label={t('workflow.node.conditionValue', { n: i + 1 })}
                        registration={form.register(`conditions.${i}.value`)}
                        error={errors.conditions?.[i]?.value}
                      />
                    )}
                    <Button size="xs" variant="outline" onClick={() => conditions.remove(i)}>
                      {t('workflow.removeCondition', { n: i + 1 })}
                    </Button>
                  </Box>
                );
              })}
            </Stack>
            {errors.conditions?.message ? (
              <Text color="red.700" fontSize="sm" mb={2}>
                {errors.conditions.message}
              </Text>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              mb={4}
              disabled={conditions.fields.length >= 10}
              onClick={() => conditions.append({ field: 'job_title', operator: 'contains', value: '' })}
            >
              {t('workflow.addCondition')}
            </Button>
          </>
        ) : null}

        {kind === 'content' ? (
          <SelectField
            label={t('workflow.node.contentType')}
            registration={form.register('content_type')}
            options={CONTENT_TYPES.map((c) => ({ value: c, label: t(`workflow.contentTypes.${c}`) }))}
          />
        ) : null}
        {kind === 'research' || kind === 'content' ? (
          <>
            <TextareaField
              label={t(kind === 'research' ? 'workflow.node.prompt' : 'workflow.node.instructions')}
              helper={t('workflow.promptHelp')}
              registration={form.register('prompt')}
              error={errors.prompt}
              rows={3}
            />
            <TextField
              label={t('workflow.node.outputKey')}
              registration={form.register('output_key')}
              error={errors.output_key}
            />
          </>
        ) : null}

        {kind === 'enrichment' ? (
          <SelectField
            label={t('workflow.node.enrich')}
            registration={form.register('enrich')}
            error={errors.enrich}
            options={ENRICH_ACTIONS.map((a) => ({ value: a, label: t(`workflow.enrichActions.${a}`) }))}
          />
        ) : null}

        {kind === 'label' ? <LabelFields form={form} labels={labels} /> : null}

        {kind === 'connection' ? (
          <>
            <SelectField
              label={t('workflow.node.target')}
              registration={form.register('target')}
              options={[{ value: 'list_webhook', label: t('workflow.targets.list_webhook') }]}
            />
            <Controller
              control={form.control}
              name="only_with_email"
              render={({ field }) => (
                <CheckboxField
                  label={t('workflow.node.onlyWithEmail')}
                  checked={field.value}
                  onChange={field.onChange}
                  name={field.name}
                />
              )}
            />
          </>
        ) : null}
      </fieldset>

      <Box as="section" aria-labelledby="node-connections-title" borderTopWidth="1px" pt={3} mt={2}>
        <Heading as="h3" size="sm" id="node-connections-title" mb={2}>
          {t('workflow.connections')}
        </Heading>
        <Text fontSize="sm" mb={2}>
          {kind === 'trigger'
            ? t('workflow.triggerStart')
            : incoming.length
              ? t('workflow.comesFrom', { names: incoming.map((e) => nameOf(e.source)).join(', ') })
              : t('workflow.noInput')}
        </Text>
        <Stack gap={1} mb={3} as="ul" listStyleType="none">
          {outgoing.map((e) => (
            <Flex as="li" key={`${e.source}-${e.target}`} align="center" gap={2} data-testid="node-connection">
              <Text fontSize="sm" flex="1">
                → {nameOf(e.target)}
              </Text>
              {!readOnly ? (
                <Button size="xs" variant="outline" onClick={() => onDisconnect(e)}>
                  {t('workflow.disconnect', { name: nameOf(e.target) })}
                </Button>
              ) : null}
            </Flex>
          ))}
        </Stack>
        {!readOnly ? (
          <Flex gap={2} align="end" mb={3}>
            <Box flex="1">
              <FilterSelect
                width="full"
                label={t('workflow.connectTo')}
                value={connectTo}
                onChange={setConnectTo}
                allLabel={t('workflow.choose')}
                options={targets.map((n) => ({ value: n.id, label: nameOf(n.id) }))}
              />
            </Box>
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!connectTo}
              onClick={() => {
                onConnect(connectTo);
                setConnectTo('');
              }}
            >
              {t('workflow.connect')}
            </Button>
          </Flex>
        ) : null}
        {!readOnly ? (
          <Button size="sm" variant="outline" onClick={onDelete}>
            {t('workflow.deleteNode')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

type Form = ReturnType<typeof useYupForm<NodeFormValues>>;

function MainFilterField({
  type,
  form,
  options,
}: {
  type: SearchType;
  form: Form;
  options: SearchOptions | undefined;
}) {
  const { t } = useTranslation('leadSearch');
  const filter = MAIN_FILTER[type];
  const label = t(`workflow.mainFilter.${type}`);
  const error = form.formState.errors.filterValue;
  if (filter.options) {
    const values = options?.[filter.options] ?? [];
    return (
      <SelectField
        label={label}
        registration={form.register('filterValue')}
        error={error}
        options={[{ value: '', label: t('workflow.choose') }, ...values.map((value) => ({ value, label: value }))]}
      />
    );
  }
  return <TextField label={label} registration={form.register('filterValue')} error={error} />;
}

function LabelFields({ form, labels }: { form: Form; labels: LabelOption[] }) {
  const { t } = useTranslation('leadSearch');
  return (
    <>
      <SelectField
        label={t('workflow.node.labelId')}
        registration={form.register('label_id')}
        error={form.formState.errors.label_id}
        options={[
          { value: '', label: t('workflow.chooseLabel') },
          ...labels.map((l) => ({ value: String(l.id), label: l.name })),
        ]}
      />
      {labels.length === 0 ? (
        <Text fontSize="sm" mb={3}>
          {t('workflow.noLabels')}
        </Text>
      ) : null}
      <SelectField
        label={t('workflow.node.labelAction')}
        registration={form.register('label_action')}
        options={[
          { value: 'add', label: t('workflow.labelActions.add') },
          { value: 'remove', label: t('workflow.labelActions.remove') },
        ]}
      />
    </>
  );
}
