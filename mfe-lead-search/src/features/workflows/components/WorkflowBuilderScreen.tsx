import { Alert, Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { apiErrorMessage, ConfirmDialog, ErrorState, PageHeader, PageSpinner, i18n } from '@leadsmith/shared';
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import axios from 'axios';
import { useCallback, useEffect, useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useWorkflow } from '../api/getWorkflow';
import {
  NODE_KINDS,
  type NodeKind,
  type NodeSettings,
  type Workflow,
  type WorkflowEdge,
  type WorkflowNode,
} from '../api/getWorkflows';
import { usePublishWorkflow } from '../api/publishWorkflow';
import { useRunWorkflow } from '../api/runWorkflow';
import { useSaveWorkflow } from '../api/saveWorkflow';
import { useUnpublishWorkflow } from '../api/unpublishWorkflow';
import { canConnect, defaultSettings, looseNodes, nextNodeId, nextPosition, nodeFieldOf } from '../graph';
import { ensureFlowStyles } from './flowStyles';
import { NodeSettingsPanel } from './NodeSettingsPanel';
import { RunLogPanel } from './RunLogPanel';
import { WorkflowStatusBadge } from './WorkflowsScreen';
import { WorkflowNodeView, type FlowNode } from './WorkflowNodeView';

const NODE_TYPES = { workflow: WorkflowNodeView };
const DRAG_TYPE = 'application/x-workflow-node';

/** lead-search/workflow/{id}: the builder. Keyed by id, so another workflow's path starts a fresh builder (spec §2). */
export function WorkflowBuilderScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const { id } = useParams();
  const workflowId = /^\d+$/.test(id ?? '') ? Number(id) : null;
  return (
    <Box>
      <PageHeader title={t('routes.workflow')} onBack={() => navigate('/workflow')} />
      {workflowId ? <BuilderLoader key={workflowId} id={workflowId} /> : <ErrorState title={t('workflow.notFound')} />}
    </Box>
  );
}

function BuilderLoader({ id }: { id: number }) {
  const { t } = useTranslation('leadSearch');
  const workflow = useWorkflow(id);
  useEffect(() => ensureFlowStyles(), []);
  if (workflow.isPending) return <PageSpinner />;
  if (workflow.isError) {
    const missing = axios.isAxiosError(workflow.error) && workflow.error.response?.status === 404;
    return (
      <ErrorState
        title={missing ? t('workflow.notFound') : apiErrorMessage(workflow.error, t('workflow.loadFailed'))}
        onRetry={missing ? undefined : () => void workflow.refetch()}
      />
    );
  }
  return (
    <ReactFlowProvider>
      <Builder workflow={workflow.data} />
    </ReactFlowProvider>
  );
}

interface Problem {
  message: string;
  nodeIds: string[];
  field?: { nodeId: string; setting: string; message: string };
}

const toFlowNode = (n: WorkflowNode): FlowNode => ({
  id: n.id,
  type: 'workflow',
  position: n.position,
  data: { kind: n.kind, label: n.label ?? '', settings: n.settings },
});
const toFlowEdge = (e: WorkflowEdge): Edge => ({
  id: e.id ?? `e-${e.source}-${e.target}`,
  source: e.source,
  target: e.target,
});
const fromFlow = (nodes: FlowNode[], edges: Edge[]): { nodes: WorkflowNode[]; edges: WorkflowEdge[] } => ({
  nodes: nodes.map((n) => ({
    id: n.id,
    kind: n.data.kind,
    ...(n.data.label ? { label: n.data.label } : {}),
    position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
    settings: n.data.settings,
  })),
  edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
});

function problemFrom(error: unknown, nodes: WorkflowNode[], fallback: string): Problem {
  if (
    !axios.isAxiosError<{
      message?: string;
      field?: string;
      node_ids?: string;
      errors?: { field: string; message: string }[];
    }>(error)
  )
    return { message: fallback, nodeIds: [] };
  const body = error.response?.data;
  const message = body?.message ?? fallback;
  const nodeIds = body?.node_ids ? body.node_ids.split(',') : [];
  const first = body?.errors?.[0];
  const located = nodeFieldOf(body?.field ?? first?.field, nodes);
  const fieldMessage = first?.message ?? message;
  return {
    message,
    nodeIds: located && !nodeIds.includes(located.nodeId) ? [...nodeIds, located.nodeId] : nodeIds,
    field: located ? { ...located, message: fieldMessage } : undefined,
  };
}

function Builder({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('leadSearch');
  const flow = useReactFlow();
  const [flowNodes, setFlowNodes] = useState<FlowNode[]>(() => workflow.nodes.map(toFlowNode));
  const [flowEdges, setFlowEdges] = useState<Edge[]>(() => workflow.edges.map(toFlowEdge));
  const [name, setName] = useState(workflow.name);
  const [description, setDescription] = useState(workflow.description);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [runId, setRunId] = useState<number | null>(null);
  const save = useSaveWorkflow();
  const publish = usePublishWorkflow();
  const unpublish = useUnpublishWorkflow();
  const run = useRunWorkflow();
  const published = workflow.status === 'published';
  const model = useMemo(() => fromFlow(flowNodes, flowEdges), [flowNodes, flowEdges]);
  const selected = flowNodes.find((n) => n.selected) ?? null;
  const problemIds = useMemo(() => new Set(problem?.nodeIds ?? []), [problem]);
  const loose = useMemo(
    () => new Set(problem ? looseNodes(model.nodes, model.edges).filter((id) => problemIds.has(id)) : []),
    [problem, problemIds, model],
  );

  // What the canvas shows: the builder's nodes plus their problem marks.
  const shownNodes = useMemo(
    () =>
      flowNodes.map((n) => ({
        ...n,
        data: { ...n.data, loose: loose.has(n.id), invalid: !loose.has(n.id) && problemIds.has(n.id) },
      })),
    [flowNodes, loose, problemIds],
  );

  const select = useCallback(
    (id: string | null) =>
      setFlowNodes((nodes) => nodes.map((n) => (n.selected === (n.id === id) ? n : { ...n, selected: n.id === id }))),
    [],
  );

  const addNode = useCallback(
    (kind: NodeKind, position?: { x: number; y: number }) => {
      const current = fromFlow(flowNodes, flowEdges).nodes;
      const node: WorkflowNode = {
        id: nextNodeId(current),
        kind,
        position: position ?? nextPosition(current),
        settings: defaultSettings(kind),
      };
      setFlowNodes((nodes) => [
        ...nodes.map((n) => (n.selected ? { ...n, selected: false } : n)),
        { ...toFlowNode(node), selected: true },
      ]);
    },
    [flowNodes, flowEdges],
  );

  const connect = useCallback(
    (source: string, target: string) => {
      if (!canConnect(model.nodes, model.edges, source, target)) return;
      setFlowEdges((edges) => addEdge({ id: `e-${source}-${target}`, source, target }, edges));
      setProblem(null);
    },
    [model],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => setFlowNodes((nodes) => applyNodeChanges(changes, nodes)),
    [],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => setFlowEdges((edges) => applyEdgeChanges(changes, edges)),
    [],
  );
  const onConnect = useCallback((c: Connection) => connect(c.source, c.target), [connect]);
  const isValidConnection = useCallback(
    (c: Connection | Edge) => canConnect(model.nodes, model.edges, c.source, c.target),
    [model],
  );

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    const kind = event.dataTransfer.getData(DRAG_TYPE) as NodeKind;
    if (published || !NODE_KINDS.includes(kind)) return;
    event.preventDefault();
    addNode(kind, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const updateSelected = useCallback((settings: NodeSettings, label: string) => {
    setFlowNodes((nodes) =>
      nodes.map((n) =>
        n.selected && (n.data.settings !== settings || n.data.label !== label)
          ? { ...n, data: { ...n.data, settings, label } }
          : n,
      ),
    );
  }, []);

  const body = () => ({
    id: workflow.id,
    name: name.trim() || workflow.name,
    description,
    nodes: model.nodes,
    edges: model.edges,
  });

  const handleSave = async () => {
    setProblem(null);
    try {
      await save.mutateAsync(body());
    } catch (error) {
      setProblem(problemFrom(error, model.nodes, t('workflow.saveFailed')));
    }
  };

  const handlePublish = () => {
    setProblem(null);
    const loose = looseNodes(model.nodes, model.edges);
    // Spec §5/§8: every node connected before publishing (the server checks it again).
    if (model.nodes.some((n) => n.kind === 'trigger') && loose.length) {
      setProblem({ message: t('workflow.errors.notConnected'), nodeIds: loose });
      return;
    }
    setConfirming(true);
  };

  const confirmPublish = async () => {
    try {
      await save.mutateAsync(body());
      await publish.mutateAsync(workflow.id);
      select(null);
    } catch (error) {
      const found = problemFrom(error, model.nodes, t('workflow.publishFailed'));
      setProblem(found);
      if (found.field) select(found.field.nodeId);
      else if (found.nodeIds[0]) select(found.nodeIds[0]);
    } finally {
      setConfirming(false);
    }
  };

  const handleRun = async () => {
    try {
      const started = await run.mutateAsync(workflow.id);
      setRunId(started.id);
    } catch {
      // The API's message is shown as a toast.
    }
  };

  const deleteSelected = () => {
    if (!selected) return;
    setFlowEdges((edges) => edges.filter((e) => e.source !== selected.id && e.target !== selected.id));
    setFlowNodes((nodes) => nodes.filter((n) => n.id !== selected.id));
  };

  const selectedModel = selected ? model.nodes.find((n) => n.id === selected.id) : undefined;
  const hasTrigger = model.nodes.some((n) => n.kind === 'trigger');

  return (
    <Box>
      <Flex gap={3} align="end" wrap="wrap" mb={4}>
        <Field.Root maxW="sm">
          <Field.Label>{t('workflow.fields.workflowName')}</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} disabled={published} />
        </Field.Root>
        <Field.Root maxW="md">
          <Field.Label>{t('workflow.fields.description')}</Field.Label>
          <Input
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={500}
            disabled={published}
          />
        </Field.Root>
        <WorkflowStatusBadge status={workflow.status} />
        <Flex gap={2} ml="auto" wrap="wrap">
          {published ? (
            <>
              <Button variant="outline" loading={unpublish.isPending} onClick={() => unpublish.mutate(workflow.id)}>
                {t('workflow.unpublish')}
              </Button>
              <Button colorPalette="brand" loading={run.isPending} onClick={() => void handleRun()}>
                {t('workflow.runNow')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" loading={save.isPending && !confirming} onClick={() => void handleSave()}>
                {t('workflow.saveDraft')}
              </Button>
              <Button colorPalette="brand" onClick={handlePublish}>
                {t('workflow.publish')}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
      {published ? (
        <Text mb={3} fontSize="sm">
          {workflow.next_run_at
            ? t('workflow.publishedScheduled', {
                when: new Date(workflow.next_run_at).toLocaleString(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })
            : t('workflow.publishedHelp')}
        </Text>
      ) : null}
      {problem ? (
        <Alert.Root status="error" mb={4} data-testid="workflow-problem">
          <Alert.Indicator />
          <Alert.Title color="red.800">{problem.message}</Alert.Title>
        </Alert.Root>
      ) : null}

      {!published ? (
        <Box as="section" aria-labelledby="palette-title" mb={3}>
          <Heading as="h2" size="md" id="palette-title" mb={1}>
            {t('workflow.palette')}
          </Heading>
          <Text fontSize="sm" mb={2}>
            {t('workflow.paletteHelp')}
          </Text>
          <Flex gap={2} wrap="wrap">
            {NODE_KINDS.map((kind) => {
              const disabled = kind === 'trigger' && hasTrigger;
              return (
                <Flex
                  key={kind}
                  align="center"
                  borderWidth="1px"
                  borderRadius="md"
                  bg="white"
                  opacity={disabled ? 0.6 : 1}
                >
                  {/* Drag handle (a button cannot start a native drag in Chromium); the button beside it adds by click or keyboard. */}
                  <Box
                    aria-hidden="true"
                    data-testid={`palette-drag-${kind}`}
                    draggable={!disabled}
                    cursor={disabled ? 'default' : 'grab'}
                    px={2}
                    py={1}
                    color="gray.700"
                    onDragStart={(e) => {
                      e.dataTransfer.setData(DRAG_TYPE, kind);
                      e.dataTransfer.effectAllowed = 'move';
                    }}
                  >
                    ⠿
                  </Box>
                  <Button size="sm" variant="ghost" disabled={disabled} onClick={() => addNode(kind)}>
                    {t('workflow.addNode', { kind: t(`workflow.kinds.${kind}`) })}
                  </Button>
                </Flex>
              );
            })}
          </Flex>
        </Box>
      ) : null}

      <Flex gap={4} align="stretch" direction={{ base: 'column', lg: 'row' }}>
        <Box
          flex="1"
          minW="0"
          minH="520px"
          h="520px"
          borderWidth="1px"
          borderRadius="md"
          bg="gray.50"
          data-testid="workflow-canvas"
          role="region"
          aria-label={t('workflow.canvas')}
          onDragOver={(e) => {
            if (published) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
          }}
          onDrop={handleDrop}
        >
          <ReactFlow<FlowNode, Edge>
            nodes={shownNodes}
            edges={flowEdges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            isValidConnection={isValidConnection}
            nodesDraggable={!published}
            nodesConnectable={!published}
            edgesFocusable={!published}
            deleteKeyCode={published ? null : ['Backspace', 'Delete']}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </Box>
        <Box w={{ base: 'full', lg: '96' }} flexShrink={0}>
          {selectedModel ? (
            <NodeSettingsPanel
              key={selectedModel.id}
              node={selectedModel}
              nodes={model.nodes}
              edges={model.edges}
              readOnly={published}
              serverError={
                problem?.field?.nodeId === selectedModel.id
                  ? { setting: problem.field.setting, message: problem.field.message }
                  : null
              }
              onChange={updateSelected}
              onConnect={(target) => connect(selectedModel.id, target)}
              onDisconnect={(edge) =>
                setFlowEdges((edges) => edges.filter((e) => !(e.source === edge.source && e.target === edge.target)))
              }
              onDelete={deleteSelected}
            />
          ) : (
            <Box borderWidth="1px" borderRadius="md" p={4} bg="white">
              <Heading as="h2" size="md" mb={2}>
                {t('workflow.nodes')}
              </Heading>
              <Text fontSize="sm" mb={3}>
                {t('workflow.selectHelp')}
              </Text>
              <Stack as="ul" gap={1} listStyleType="none">
                {model.nodes.map((n) => (
                  <li key={n.id}>
                    <Button
                      size="xs"
                      variant="ghost"
                      onClick={() => select(n.id)}
                      color={problemIds.has(n.id) ? 'red.700' : undefined}
                    >
                      {t('workflow.selectNode', { name: n.label || `${t(`workflow.kinds.${n.kind}`)} (${n.id})` })}
                    </Button>
                  </li>
                ))}
              </Stack>
            </Box>
          )}
        </Box>
      </Flex>

      <RunLogPanel workflowId={workflow.id} selectedRunId={runId} onSelectRun={setRunId} />

      <ConfirmDialog
        open={confirming}
        title={t('workflow.publishTitle')}
        body={t('workflow.publishBody')}
        confirmLabel={t('workflow.publishConfirm')}
        busy={save.isPending || publish.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmPublish()}
      />
    </Box>
  );
}
