import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useState } from 'react';
import { TOOLBAR_HEADINGS } from '../../../../lib/posts/rich-text.ts';

export type Dialog = 'link' | 'image';

interface Action {
  id: string;
  label: string;
  /** What the button shows (its name is `label`). */
  face: string;
  /** The keyboard shortcut, as aria-keyshortcuts spells it. */
  keys?: string;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
}

const mod = () => (typeof navigator !== 'undefined' && /Mac|iP(hone|ad)/.test(navigator.platform) ? 'Meta' : 'Control');

/** The toolbar's actions; the shortcuts are the editor's own (StarterKit) or ours (EditorShortcuts). */
export function actionsFor(openDialog: (dialog: Dialog) => void): Action[] {
  const m = mod();
  return [
    ...TOOLBAR_HEADINGS.map(
      (level): Action => ({
        id: `h${level}`,
        label: `Heading ${level}`,
        face: `H${level}`,
        keys: `${m}+Alt+${level}`,
        run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
        active: (editor) => editor.isActive('heading', { level }),
      }),
    ),
    {
      id: 'bold',
      label: 'Bold',
      face: 'B',
      keys: `${m}+B`,
      run: (e) => e.chain().focus().toggleBold().run(),
      active: (e) => e.isActive('bold'),
    },
    {
      id: 'italic',
      label: 'Italic',
      face: 'I',
      keys: `${m}+I`,
      run: (e) => e.chain().focus().toggleItalic().run(),
      active: (e) => e.isActive('italic'),
    },
    {
      id: 'bullets',
      label: 'Bulleted list',
      face: '•',
      keys: `${m}+Shift+8`,
      run: (e) => e.chain().focus().toggleBulletList().run(),
      active: (e) => e.isActive('bulletList'),
    },
    {
      id: 'numbers',
      label: 'Numbered list',
      face: '1.',
      keys: `${m}+Shift+7`,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      active: (e) => e.isActive('orderedList'),
    },
    {
      id: 'link',
      label: 'Link',
      face: 'Link',
      keys: `${m}+K`,
      run: () => openDialog('link'),
      active: (e) => e.isActive('link'),
    },
    { id: 'image', label: 'Image', face: 'Image', keys: `${m}+Alt+M`, run: () => openDialog('image') },
    {
      id: 'table',
      label: 'Table',
      face: 'Table',
      keys: `${m}+Alt+T`,
      run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run(),
      active: (e) => e.isActive('table'),
    },
    {
      id: 'quote',
      label: 'Quote',
      face: '“ ”',
      keys: `${m}+Shift+B`,
      run: (e) => e.chain().focus().toggleBlockquote().run(),
      active: (e) => e.isActive('blockquote'),
    },
    {
      id: 'code',
      label: 'Code',
      face: '</>',
      keys: `${m}+E`,
      run: (e) => e.chain().focus().toggleCode().run(),
      active: (e) => e.isActive('code'),
    },
    {
      id: 'codeBlock',
      label: 'Code block',
      face: '{ }',
      keys: `${m}+Alt+C`,
      run: (e) => e.chain().focus().toggleCodeBlock().run(),
      active: (e) => e.isActive('codeBlock'),
    },
  ];
}

/** Changes of a table, shown while the cursor is in one. */
const TABLE_ACTIONS: Action[] = [
  { id: 'rowAfter', label: 'Add row', face: '+ Row', run: (e) => e.chain().focus().addRowAfter().run() },
  { id: 'columnAfter', label: 'Add column', face: '+ Column', run: (e) => e.chain().focus().addColumnAfter().run() },
  { id: 'deleteRow', label: 'Delete row', face: '− Row', run: (e) => e.chain().focus().deleteRow().run() },
  {
    id: 'deleteColumn',
    label: 'Delete column',
    face: '− Column',
    run: (e) => e.chain().focus().deleteColumn().run(),
  },
  { id: 'deleteTable', label: 'Delete table', face: 'Delete table', run: (e) => e.chain().focus().deleteTable().run() },
];

const button =
  'min-h-9 min-w-9 rounded px-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-pressed:bg-brand-100 aria-pressed:text-brand-700 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-700 dark:aria-pressed:text-white';

/**
 * The formatting toolbar: one tab stop (role toolbar), arrow keys, Home and End move between its buttons; each button
 * is named, says whether it is on (aria-pressed) and names its shortcut (aria-keyshortcuts and its tooltip).
 */
export function Toolbar({
  editor,
  controls,
  openDialog,
}: {
  editor: Editor;
  controls: string;
  openDialog: (dialog: Dialog) => void;
}) {
  const actions = actionsFor(openDialog);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: actions.map((action) => action.active?.(e) ?? false),
      inTable: e.isActive('table'),
    }),
  });
  const shown = state.inTable ? [...actions, ...TABLE_ACTIONS] : actions;
  const [current, setCurrent] = useState(0);
  const focused = Math.min(current, shown.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: focused + 1,
      ArrowLeft: focused - 1,
      Home: 0,
      End: shown.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + shown.length) % shown.length;
    setCurrent(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 rounded-t-md border border-b-0 border-slate-300 bg-slate-50 p-1 dark:border-slate-700 dark:bg-slate-900"
    >
      {shown.map((action, index) => {
        const pressed = index < actions.length && action.active ? state.active[index] : undefined;
        return (
          <button
            key={action.id}
            type="button"
            tabIndex={index === focused ? 0 : -1}
            aria-pressed={pressed}
            aria-keyshortcuts={action.keys}
            title={action.keys ? `${action.label} (${action.keys.replaceAll('+', ' + ')})` : action.label}
            // Keeps the editor's selection: the action applies where the writer was.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => action.run(editor)}
            className={`${button} ${action.id === 'bold' ? 'font-bold' : ''} ${action.id === 'italic' ? 'italic' : ''} ${index === actions.length ? 'ml-2 border-l border-slate-300 pl-2 dark:border-slate-700' : ''}`}
          >
            {/* Named by its words (read out), shown by its face. */}
            <span aria-hidden="true">{action.face}</span>
            <span className="sr-only">{action.label}</span>
          </button>
        );
      })}
    </div>
  );
}
