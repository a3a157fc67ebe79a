import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';

/** What a node of the canvas shows: its block, its wired fields and the save's complaints about it. */
export type BlockNodeData = {
  title: string;
  inputs: string[];
  outputs: string[];
  errors: string[];
  status?: string;
};

export type BlockFlowNode = Node<BlockNodeData, 'block'>;

/** One block on the canvas: a handle per input field on the left, per output field on the right. */
export function BlockNode({ id, data, selected }: NodeProps<BlockFlowNode>) {
  const rows = Math.max(data.inputs.length, data.outputs.length);
  return (
    <div
      data-testid={`node-${id}`}
      className={`min-w-52 rounded-md border bg-white text-xs shadow-sm dark:bg-slate-900 ${data.errors.length ? 'border-red-500' : selected ? 'border-brand-600' : 'border-slate-300 dark:border-slate-700'}`}
    >
      <div className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <p className="font-semibold">{data.title}</p>
        <p className="text-slate-600 dark:text-slate-400">{id}</p>
        {data.status && <p className="mt-1 font-medium">Status: {data.status}</p>}
      </div>
      <div className="py-1">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="relative flex justify-between gap-4 px-3 py-0.5">
            <span>
              {data.inputs[row] && (
                <>
                  <Handle
                    type="target"
                    position={Position.Left}
                    id={data.inputs[row]}
                    title={`Input ${data.inputs[row]}`}
                  />
                  {data.inputs[row]}
                </>
              )}
            </span>
            <span className="text-right">
              {data.outputs[row] && (
                <>
                  {data.outputs[row]}
                  <Handle
                    type="source"
                    position={Position.Right}
                    id={data.outputs[row]}
                    title={`Output ${data.outputs[row]}`}
                  />
                </>
              )}
            </span>
          </div>
        ))}
      </div>
      {data.errors.length > 0 && (
        <ul
          className="border-t border-red-200 px-3 py-2 text-red-700 dark:border-red-900 dark:text-red-300"
          role="alert"
        >
          {data.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
