import type { FlowNode } from './flow.ts';

/** Every node of the canvas as a button that selects it (keyboard access to any node); failing ones in red. */
export function NodeList({
  nodes,
  selectedId,
  failing,
  onSelect,
}: {
  nodes: FlowNode[];
  selectedId: string | null;
  failing: Record<string, unknown>;
  onSelect: (id: string) => void;
}) {
  return (
    <>
      <h3 className="border-t border-slate-200 pt-3 text-sm font-medium dark:border-slate-800">All nodes</h3>
      <ul className="flex flex-col gap-1">
        {nodes.map((node) => (
          <li key={node.id}>
            <button
              type="button"
              aria-current={node.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(node.id)}
              className={`w-full rounded px-2 py-1 text-left text-sm break-words ${node.id === selectedId ? 'bg-brand-50 font-medium dark:bg-slate-800' : 'hover:bg-slate-50 dark:hover:bg-slate-900'} ${failing[node.id] ? 'text-red-700 dark:text-red-300' : ''}`}
            >
              {node.data.title} <span className="text-xs text-slate-600 dark:text-slate-400">({node.id})</span>
            </button>
          </li>
        ))}
        {!nodes.length && (
          <li className="text-sm text-slate-600 dark:text-slate-400">No nodes yet: add a block from the palette.</li>
        )}
      </ul>
    </>
  );
}
