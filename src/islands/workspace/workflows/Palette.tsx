import type { BlockDef } from '../../../lib/workflows/types.ts';
import { headingClass } from './styles.ts';

/**
 * The block palette above the canvas: one button per block type, so nodes are added from the keyboard as well as
 * the mouse. A row that wraps, so the canvas keeps the page's width.
 */
export function Palette({ blocks, onAdd }: { blocks: BlockDef[]; onAdd: (block: BlockDef) => void }) {
  return (
    <section aria-labelledby="palette-heading" className="flex flex-col gap-2">
      <h2 id="palette-heading" className={headingClass}>
        Blocks
      </h2>
      <ul className="flex flex-wrap gap-1.5">
        {blocks.map((block) => (
          <li key={block.type}>
            <button
              type="button"
              onClick={() => onAdd(block)}
              aria-label={`Add ${block.title}`}
              title={block.description}
              className="rounded-md border border-slate-200 px-2 py-1 text-left text-sm hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900"
            >
              + {block.title}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
