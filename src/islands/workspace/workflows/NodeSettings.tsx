import type { BlockDef, GraphEdge } from '../../../lib/workflows/types.ts';
import { SettingsForm } from './SettingsForm.tsx';
import type { FlowNode } from './flow.ts';
import { canConnect } from './graph.ts';
import { fieldClass, headingClass, secondaryButton } from './styles.ts';

interface Props {
  node: FlowNode;
  block: BlockDef | undefined;
  nodes: FlowNode[];
  edges: GraphEdge[];
  fieldsOf: (type: string) => { inputs: string[]; outputs: string[] };
  errors: { field: string | null; msg: string }[];
  canEdit: boolean;
  compatible: (source: string, sourceHandle: string, target: string, targetHandle: string) => boolean;
  onConfig: (config: Record<string, unknown>) => void;
  onConnect: (source: string, sourceHandle: string, target: string, targetHandle: string) => void;
  onDisconnect: (target: string, targetHandle: string) => void;
  onRemove: () => void;
}

/** The selected node: its inputs wired from a list (keyboard-friendly connecting) and its generated settings form. */
export function NodeSettings({
  node,
  block,
  nodes,
  edges,
  fieldsOf,
  errors,
  canEdit,
  compatible,
  onConfig,
  onConnect,
  onDisconnect,
  onRemove,
}: Props) {
  const fieldErrors: Record<string, string> = {};
  for (const error of errors) if (error.field) fieldErrors[error.field] = error.msg;
  const nodeErrors = errors.filter(
    (error) =>
      !error.field || (!(error.field in (block?.config?.properties ?? {})) && !node.data.inputs.includes(error.field)),
  );
  const wired = (input: string) => edges.find((edge) => edge.target === node.id && edge.target_handle === input);

  return (
    <section aria-label={`Settings of ${node.id}`} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-medium break-words">
            {node.data.title}{' '}
            <span className="text-xs font-normal text-slate-600 dark:text-slate-400">({node.id})</span>
          </h3>
          {block?.description && <p className="text-xs text-slate-600 dark:text-slate-400">{block.description}</p>}
        </div>
        {canEdit && (
          // At the top, beside the title: always in view, whatever the length of the settings below.
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${node.id}`}
            className={`${secondaryButton} shrink-0 text-red-700 dark:text-red-300`}
          >
            Remove
          </button>
        )}
      </div>
      {nodeErrors.map((error) => (
        <p key={error.msg} className="text-xs text-red-700 dark:text-red-300">
          {error.msg}
        </p>
      ))}
      {node.data.inputs.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className={headingClass}>Inputs</legend>
          {node.data.inputs.map((input) => {
            const current = wired(input);
            const id = `wire-${node.id}-${input}`;
            const required = block?.inputs?.required?.includes(input);
            return (
              <div key={input}>
                <label htmlFor={id} className="block text-sm">
                  {input}
                  {required ? ' (required)' : ''}
                </label>
                <select
                  id={id}
                  disabled={!canEdit}
                  aria-invalid={fieldErrors[input] ? true : undefined}
                  value={current ? `${current.source}|${current.source_handle}` : ''}
                  onChange={(event) => {
                    const [source, handle] = event.target.value.split('|');
                    if (source && handle) onConnect(source, handle, node.id, input);
                    else onDisconnect(node.id, input);
                  }}
                  className={fieldClass}
                >
                  <option value="">Not connected</option>
                  {nodes
                    .filter((other) => other.id !== node.id)
                    .flatMap((other) =>
                      fieldsOf(other.data.blockType).outputs.map((output) => {
                        if (!compatible(other.id, output, node.id, input)) return null;
                        const allowed = canConnect(
                          edges.filter((edge) => !(edge.target === node.id && edge.target_handle === input)),
                          { source: other.id, target: node.id, target_handle: input },
                        );
                        return (
                          <option key={`${other.id}|${output}`} value={`${other.id}|${output}`} disabled={!allowed}>
                            {other.id} → {output}
                          </option>
                        );
                      }),
                    )}
                </select>
                {fieldErrors[input] && (
                  <p className="mt-1 text-xs text-red-700 dark:text-red-300">{fieldErrors[input]}</p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className={headingClass}>Settings</legend>
        <SettingsForm
          nodeId={node.id}
          schema={block?.config}
          config={node.data.config}
          errors={fieldErrors}
          readOnly={!canEdit}
          onChange={onConfig}
        />
      </fieldset>
    </section>
  );
}
