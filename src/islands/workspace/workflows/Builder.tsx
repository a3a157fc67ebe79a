import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  ReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { HTTPError } from 'ky';
import { useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import type { BlockDef, Workflow, WorkflowDraft } from '../../../lib/workflows/types.ts';
import { BlockNode } from './BlockNode.tsx';
import { NodeSettings } from './NodeSettings.tsx';
import { Palette } from './Palette.tsx';
import { blockFields, toFlowEdge, toFlowNode, toGraph, type FlowNode } from './flow.ts';
import {
  connectionProblem,
  defaultConfig,
  edgeId,
  fieldsCompatible,
  graphErrors,
  newNodeId,
  type GraphErrors,
} from './graph.ts';
import { fieldClass, headingClass, panelClass, primaryButton } from './styles.ts';

const nodeTypes = { block: BlockNode };
const NO_ERRORS: GraphErrors = { nodes: {}, edges: {}, general: [] };

interface Props {
  workflow: Workflow;
  blocks: BlockDef[];
  canEdit: boolean;
  /** Node statuses of the run on show, painted on the canvas. */
  nodeStatus?: Record<string, string>;
  onSave: (draft: WorkflowDraft & { version: number }) => Promise<Workflow>;
  /** Told whether the canvas differs from the saved workflow (a run uses the saved one). */
  onDirtyChange?: (dirty: boolean) => void;
  children?: ReactNode;
}

/** The workflow builder: palette, canvas, the selected node's generated settings, save with the 422 placed on its node. */
export function Builder({ workflow, blocks, canEdit, nodeStatus, onSave, onDirtyChange, children }: Props) {
  const byType = useMemo(() => new Map(blocks.map((block) => [block.type, block])), [blocks]);
  const [nodes, setNodes] = useState<FlowNode[]>(() =>
    workflow.nodes.map((node) => toFlowNode(node, byType.get(node.type))),
  );
  const [edges, setEdges] = useState<Edge[]>(() => workflow.edges.map(toFlowEdge));
  const [name, setName] = useState(workflow.name);
  const [version, setVersion] = useState(workflow.version);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [errors, setErrors] = useState<GraphErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirtyState] = useState(false);

  const setDirty = (value: boolean) => {
    setDirtyState(value);
    onDirtyChange?.(value);
  };

  const shown = nodes.map((node) => {
    const nodeErrors = (errors.nodes[node.id] ?? []).map((error) => error.msg);
    const status = nodeStatus?.[node.id];
    return nodeErrors.length || status || node.data.errors.length
      ? { ...node, data: { ...node.data, errors: nodeErrors, status } }
      : node;
  });
  const { nodes: graphNodes, edges: graphEdges } = toGraph(nodes, edges);
  const selected = nodes.find((node) => node.id === selectedId) ?? null;

  function onNodesChange(changes: NodeChange<FlowNode>[]) {
    const allowed = canEdit
      ? changes
      : changes.filter((change) => change.type !== 'remove' && change.type !== 'position');
    if (allowed.some((change) => change.type === 'remove' || (change.type === 'position' && !change.dragging)))
      setDirty(true);
    for (const change of allowed) if (change.type === 'select' && change.selected) setSelectedId(change.id);
    setNodes((current) => applyNodeChanges(allowed, current));
  }

  function onEdgesChange(changes: EdgeChange[]) {
    const allowed = canEdit ? changes : changes.filter((change) => change.type !== 'remove');
    if (allowed.some((change) => change.type === 'remove')) setDirty(true);
    setEdges((current) => applyEdgeChanges(allowed, current));
  }

  /** Whether output `sourceHandle` of node `source` fits input `targetHandle` of node `target` (types, as the server checks). */
  function compatible(source: string, sourceHandle: string, target: string, targetHandle: string): boolean {
    const from = byType.get(nodes.find((node) => node.id === source)?.data.blockType ?? '');
    const to = byType.get(nodes.find((node) => node.id === target)?.data.blockType ?? '');
    return fieldsCompatible(to?.inputs?.properties?.[targetHandle], from?.outputs?.properties?.[sourceHandle]);
  }

  /** The rules the server saves with (the shared graph module): handles exist and fit, the input is free, no cycle. */
  function isValidConnection(connection: Connection | Edge): boolean {
    if (!connection.sourceHandle || !connection.targetHandle) return false;
    return (
      connectionProblem({ nodes: graphNodes, edges: graphEdges }, byType, {
        source: connection.source,
        source_handle: connection.sourceHandle,
        target: connection.target,
        target_handle: connection.targetHandle,
      }) === null
    );
  }

  function connect(source: string, sourceHandle: string, target: string, targetHandle: string) {
    setEdges((current) => [
      ...current.filter((edge) => !(edge.target === target && edge.targetHandle === targetHandle)),
      { id: edgeId(source, sourceHandle, target, targetHandle), source, sourceHandle, target, targetHandle },
    ]);
    setDirty(true);
  }

  function disconnect(target: string, targetHandle: string) {
    setEdges((current) => current.filter((edge) => !(edge.target === target && edge.targetHandle === targetHandle)));
    setDirty(true);
  }

  function addNode(block: BlockDef) {
    const graph = toGraph(nodes, edges);
    const id = newNodeId(block.type, graph.nodes);
    // Left to right in rows of three, so an output (right side) reaches the next node's input (left side).
    const position = { x: (nodes.length % 3) * 280, y: Math.floor(nodes.length / 3) * 180 };
    const node = toFlowNode({ id, type: block.type, position, config: defaultConfig(block.config) }, block);
    setNodes((current) => [...current.map((item) => ({ ...item, selected: false })), { ...node, selected: true }]);
    setSelectedId(id);
    setDirty(true);
  }

  function updateConfig(id: string, config: Record<string, unknown>) {
    setNodes((current) => current.map((node) => (node.id === id ? { ...node, data: { ...node.data, config } } : node)));
    setDirty(true);
  }

  function removeNode(id: string) {
    setNodes((current) => current.filter((node) => node.id !== id));
    setEdges((current) => current.filter((edge) => edge.source !== id && edge.target !== id));
    setSelectedId(null);
    setDirty(true);
  }

  async function save() {
    setSaving(true);
    try {
      const saved = await onSave({
        name: name.trim() || workflow.name,
        ...(workflow.description ? { description: workflow.description } : {}),
        ...toGraph(nodes, edges),
        version,
      });
      setVersion(saved.version);
      setErrors(NO_ERRORS);
      setDirty(false);
      showToast('Workflow saved.', 'success');
    } catch (error) {
      if (error instanceof HTTPError && error.response.status === 422) {
        const placed = graphErrors((error.data as { detail?: unknown } | undefined)?.detail);
        setErrors(placed);
        const first = Object.keys(placed.nodes)[0];
        if (first) setSelectedId(first);
        showToast('The workflow was not saved: fix the marked nodes.', 'error');
      } else {
        setErrors({ ...NO_ERRORS, general: [errorMessage(error, 'An error occurred.')] });
        showToast(errorMessage(error, 'An error occurred.'), 'error');
      }
    } finally {
      setSaving(false);
    }
  }

  const nodeErrorCount = Object.values(errors.nodes).reduce((sum, list) => sum + list.length, 0);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="workflow-name" className="block text-sm font-medium">
            Workflow name
          </label>
          <input
            id="workflow-name"
            value={name}
            maxLength={200}
            disabled={!canEdit}
            onChange={(event) => (setName(event.target.value), setDirty(true))}
            className={fieldClass}
          />
        </div>
        {canEdit && (
          <button type="button" onClick={save} disabled={saving} className={primaryButton}>
            {saving ? 'Saving...' : 'Save workflow'}
          </button>
        )}
        {dirty && <p className="text-sm text-slate-600 dark:text-slate-400">Unsaved changes</p>}
      </div>

      {(errors.general.length > 0 || nodeErrorCount > 0 || Object.keys(errors.edges).length > 0) && (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">Not saved:</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.general.map((message) => (
              <li key={message}>{message}</li>
            ))}
            {Object.entries(errors.nodes).flatMap(([id, list]) =>
              list.map((error) => (
                <li key={`${id}-${error.field}-${error.msg}`}>
                  <button type="button" className="underline" onClick={() => setSelectedId(id)}>
                    {id}
                    {error.field ? ` · ${error.field}` : ''}
                  </button>
                  : {error.msg}
                </li>
              )),
            )}
            {Object.entries(errors.edges).map(([id, message]) => (
              <li key={id}>
                {id}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-[12rem_1fr_18rem]">
        {canEdit ? <Palette blocks={blocks} onAdd={addNode} /> : <div />}
        <div
          className="h-[520px] overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800"
          aria-label="Workflow canvas"
          role="group"
        >
          <ReactFlow
            nodes={shown}
            edges={edges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={(connection) =>
              connection.sourceHandle &&
              connection.targetHandle &&
              connect(connection.source, connection.sourceHandle, connection.target, connection.targetHandle)
            }
            isValidConnection={isValidConnection}
            nodesDraggable={canEdit}
            nodesConnectable={canEdit}
            deleteKeyCode={canEdit ? ['Delete', 'Backspace'] : null}
            fitView
            fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
            maxZoom={1.5}
            colorMode="system"
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
        <section aria-labelledby="node-list-heading" className={`${panelClass} flex flex-col gap-3`}>
          <h2 id="node-list-heading" className={headingClass}>
            Nodes
          </h2>
          <ul className="flex flex-col gap-1">
            {nodes.map((node) => (
              <li key={node.id}>
                <button
                  type="button"
                  aria-current={node.id === selectedId ? 'true' : undefined}
                  onClick={() => setSelectedId(node.id)}
                  className={`w-full rounded px-2 py-1 text-left text-sm ${node.id === selectedId ? 'bg-brand-50 font-medium dark:bg-slate-800' : 'hover:bg-slate-50 dark:hover:bg-slate-900'} ${errors.nodes[node.id] ? 'text-red-700 dark:text-red-300' : ''}`}
                >
                  {node.data.title} <span className="text-xs text-slate-600 dark:text-slate-400">({node.id})</span>
                </button>
              </li>
            ))}
            {!nodes.length && (
              <li className="text-sm text-slate-600 dark:text-slate-400">
                No nodes yet: add a block from the palette.
              </li>
            )}
          </ul>
          {selected && (
            <NodeSettings
              key={selected.id}
              node={selected}
              block={byType.get(selected.data.blockType)}
              nodes={nodes}
              edges={graphEdges}
              fieldsOf={(type) => blockFields(byType.get(type))}
              errors={errors.nodes[selected.id] ?? []}
              canEdit={canEdit}
              onConfig={(config) => updateConfig(selected.id, config)}
              compatible={compatible}
              onConnect={connect}
              onDisconnect={disconnect}
              onRemove={() => removeNode(selected.id)}
            />
          )}
        </section>
      </div>
      {children}
    </div>
  );
}
