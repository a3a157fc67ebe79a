import type { BlockDef } from '../../../lib/workflows/types.ts';
import { headingClass, panelClass } from './styles.ts';

/** The block palette: one button per block type, so nodes are added from the keyboard as well as the mouse. */
export function Palette({ blocks, onAdd }: { blocks: BlockDef[]; onAdd: (block: BlockDef) => void }) {
  return (
    <section aria-labelledby="palette-heading" className={`${panelClass} max-h-[520px] overflow-y-auto`}>
      <h2 id="palette-heading" className={headingClass}>
        Blocks
      </h2>
      <ul className="mt-2 flex flex-col gap-1">
        {blocks.map((block) => (
          <li key={block.type}>
            <button
              type="button"
              onClick={() => onAdd(block)}
              aria-label={`Add ${block.title}`}
              title={block.description}
              className="w-full rounded border border-slate-200 px-2 py-1 text-left text-sm hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900"
            >
              + {block.title}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
