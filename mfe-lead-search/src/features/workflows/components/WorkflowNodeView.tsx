import { Box, Text } from '@chakra-ui/react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { NodeKind, NodeSettings } from '../api/getWorkflows';

export interface FlowNodeData extends Record<string, unknown> {
  kind: NodeKind;
  label: string;
  settings: NodeSettings;
  /** Not reached from the trigger (spec §8 "connect all nodes before continuing"). */
  loose?: boolean;
  /** The server named one of its settings. */
  invalid?: boolean;
}

export type FlowNode = Node<FlowNodeData, 'workflow'>;

/** A one-line description of an unnamed node from its settings. */
function summary({ kind, settings: s }: FlowNodeData, t: TFunction): string {
  switch (kind) {
    case 'trigger':
      return s.mode === 'schedule' && s.repeat ? t(`workflow.repeat.${s.repeat}`) : t('workflow.modes.manual');
    case 'search':
      return s.location?.trim() || t('workflow.notSet');
    case 'filter':
      return t('workflow.conditionCount', { count: s.conditions?.length ?? 0 });
    case 'research':
    case 'content':
      return s.output_key || t('workflow.notSet');
    case 'enrichment':
      return s.enrich ? t(`workflow.enrichActions.${s.enrich}`) : t('workflow.notSet');
    case 'label':
      return t(`workflow.labelActions.${s.label_action ?? 'add'}`);
    case 'connection':
      return t('workflow.targets.list_webhook');
  }
}

const ACCENT: Record<NodeKind, string> = {
  trigger: 'purple.600',
  search: 'blue.600',
  filter: 'teal.700',
  research: 'orange.700',
  content: 'orange.700',
  connection: 'cyan.700',
  enrichment: 'green.700',
  label: 'pink.700',
};

/** One node on the canvas: its kind, its name, and an input (top) and output (bottom) handle. */
export function WorkflowNodeView({ id, data, selected }: NodeProps<FlowNode>) {
  const { t } = useTranslation('leadSearch');
  const problem = data.loose || data.invalid;
  return (
    <Box
      data-testid={`workflow-node-${id}`}
      data-kind={data.kind}
      data-loose={data.loose ? 'true' : 'false'}
      bg="white"
      minW="44"
      maxW="56"
      px={3}
      py={2}
      borderRadius="md"
      borderWidth={problem || selected ? '2px' : '1px'}
      borderColor={problem ? 'red.700' : selected ? 'brand.solid' : 'gray.400'}
      borderLeftWidth="6px"
      borderLeftColor={ACCENT[data.kind]}
      boxShadow={selected ? 'md' : 'xs'}
    >
      {data.kind !== 'trigger' ? (
        <Handle type="target" position={Position.Top} title={t('workflow.handles.input')} />
      ) : null}
      <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" color="gray.700">
        {t(`workflow.kinds.${data.kind}`)}
      </Text>
      <Text fontSize="sm" color="gray.900" truncate>
        {data.label || summary(data, t)}
      </Text>
      {data.loose ? (
        <Text fontSize="xs" color="red.700" fontWeight="medium">
          {t('workflow.notConnected')}
        </Text>
      ) : data.invalid ? (
        <Text fontSize="xs" color="red.700" fontWeight="medium">
          {t('workflow.needsSettings')}
        </Text>
      ) : null}
      <Handle type="source" position={Position.Bottom} title={t('workflow.handles.output')} />
    </Box>
  );
}
