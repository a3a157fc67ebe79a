import { Extension } from '@tiptap/core';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, type JSONContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import type { ClaimSpan } from '../../../../lib/posts/claim-positions.ts';
import { docToMarkdown, markdownToDoc, richTextExtensions } from '../../../../lib/posts/rich-text.ts';
import { ClaimHighlights, claimHighlightsKey, claimsMeta } from './claimHighlights.ts';
import { ImageDialog, LinkDialog } from './LinkImageDialogs.tsx';
import { type Dialog, Toolbar } from './Toolbar.tsx';

/** Empty paragraphs have no markdown (the blog drops blank lines), so the editor writes none. */
function withoutEmptyParagraphs(doc: JSONContent): JSONContent {
  const content = (doc.content ?? []).filter((node) => node.type !== 'paragraph' || (node.content?.length ?? 0) > 0);
  return { ...doc, content };
}

/** The markdown of the editor's document. */
export const editorMarkdown = (doc: JSONContent) => docToMarkdown(withoutEmptyParagraphs(doc));

/**
 * The rich-text editor of a post's markdown: starts from `markdown` (which must fit, see richTextFit) and reports the
 * markdown it writes after each change the writer makes. Claims are highlighted in place with their state.
 */
export function RichEditor({
  id,
  markdown,
  onChange,
  lang,
  dir,
  invalid,
  describedBy,
  claims,
  claimsMarkdown,
}: {
  id: string;
  markdown: string;
  onChange: (markdown: string) => void;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  invalid: boolean;
  describedBy?: string;
  claims: ClaimSpan[];
  /** The markdown the claims' offsets refer to (the post as fact-checked). */
  claimsMarkdown: string;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const dialogRef = useRef(setDialog);
  // The markdown last seen on either side: a different value from outside is a change made elsewhere.
  const known = useRef(markdown);
  /** The markdown the editor would write for `known` (its own spelling of it), worked out at the first change. */
  const baseline = useRef<string | null>(null);

  const editor = useEditor({
    extensions: [
      ...richTextExtensions(),
      Placeholder.configure({ placeholder: 'Write your post…' }),
      ClaimHighlights,
      // Shortcuts of the dialogs and the table (the others are the extensions' own, see Toolbar's actions).
      Extension.create({
        name: 'editorShortcuts',
        addKeyboardShortcuts() {
          return {
            'Mod-k': () => {
              dialogRef.current('link');
              return true;
            },
            'Mod-Alt-m': () => {
              dialogRef.current('image');
              return true;
            },
            'Mod-Alt-t': () => this.editor.commands.insertTable({ rows: 3, cols: 2, withHeaderRow: true }),
          };
        },
      }),
    ],
    content: markdownToDoc(markdown),
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Content',
        ...(lang ? { lang } : {}),
        ...(dir ? { dir } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class:
          'post-body rich-editor min-h-96 rounded-b-md border border-slate-300 bg-white px-4 py-3 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 dark:border-slate-700 dark:bg-slate-950',
      },
    },
    onUpdate: ({ editor: changed }) => {
      const written = editorMarkdown(changed.getJSON());
      // Changes the editor makes by itself (a trailing paragraph after a final quote or table) write nothing new:
      // only markdown that differs from what the post already says is reported, so opening a post never saves it.
      baseline.current ??= editorMarkdown(markdownToDoc(known.current));
      if (written === baseline.current) return;
      baseline.current = written;
      known.current = written;
      onChangeRef.current(written);
    },
  });

  // The attributes that change while editing (language, direction, the markdown limits' problem).
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          lang: lang ?? '',
          dir: dir ?? 'ltr',
          'aria-invalid': invalid ? 'true' : 'false',
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
    });
  }, [editor, lang, dir, invalid, describedBy]);

  // The claims, placed again whenever the post's claims change (a fact check, a save).
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.view.dispatch(editor.state.tr.setMeta(claimHighlightsKey, claimsMeta(claims, claimsMarkdown)));
  }, [editor, claims, claimsMarkdown]);

  // Text put in from outside (the video control, a newer version loaded): the editor shows it without reporting it back.
  useEffect(() => {
    if (editor.isDestroyed || markdown === known.current) return;
    known.current = markdown;
    baseline.current = null;
    editor.commands.setContent(markdownToDoc(markdown), { emitUpdate: false });
    editor.view.dispatch(editor.state.tr.setMeta(claimHighlightsKey, claimsMeta(claims, claimsMarkdown)));
  }, [editor, markdown, claims, claimsMarkdown]);

  // A closed dialog hands the focus back to the editor, once the dialog itself is gone (its close restores focus too).
  const hadDialog = useRef(false);
  useEffect(() => {
    if (dialog) hadDialog.current = true;
    else if (hadDialog.current) {
      hadDialog.current = false;
      editor.commands.focus();
    }
  }, [dialog, editor]);
  const close = () => setDialog(null);

  return (
    <div className="flex min-w-0 flex-col">
      <Toolbar editor={editor} controls={id} openDialog={setDialog} />
      <EditorContent editor={editor} />
      {dialog === 'link' && <LinkDialog editor={editor} onClose={close} />}
      {dialog === 'image' && <ImageDialog editor={editor} onClose={close} />}
    </div>
  );
}
