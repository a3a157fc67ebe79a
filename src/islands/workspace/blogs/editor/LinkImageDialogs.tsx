import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { allowedHref, allowedImageSrc } from '../../../../lib/posts/rich-text.ts';
import { secondaryButton } from '../../brand/ConnectWebsiteForm.tsx';
import { DialogField, InsertDialog } from './InsertDialog.tsx';

export const LINK_ADDRESS_PROBLEM =
  'Use an address that starts with https://, http:// or mailto:, or one on your blog that starts with /.';
export const IMAGE_ADDRESS_PROBLEM = 'Use an image address that starts with https:// or http://.';
export const ALT_TEXT_PROBLEM = 'Describe the image for readers who cannot see it.';

/** Adds, changes or removes the link at the selection; without a selection it asks for the link's text too. */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const needsText = editor.state.selection.empty && !current;
  const [href, setHref] = useState(current);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ href?: string; text?: string }>({});

  const submit = () => {
    const found = {
      href: allowedHref(href) ? undefined : LINK_ADDRESS_PROBLEM,
      text: needsText && !text.trim() ? 'Write the words the link is on.' : undefined,
    };
    setErrors(found);
    if (found.href || found.text) return;
    const address = href.trim();
    if (needsText)
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: text.trim(), marks: [{ type: 'link', attrs: { href: address } }] })
        .run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    onClose();
  };

  return (
    <InsertDialog
      title={current ? 'Edit link' : 'Add link'}
      submitLabel={current ? 'Update link' : 'Add link'}
      onSubmit={submit}
      onClose={onClose}
      extra={
        current ? (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            Remove link
          </button>
        ) : null
      }
    >
      <DialogField
        id="link-address"
        label="Link address"
        type="url"
        value={href}
        onChange={setHref}
        error={errors.href}
        hint="https://…, mailto:… or a page of your blog such as /my-post"
        autoFocus
      />
      {needsText && (
        <DialogField id="link-text" label="Link text" value={text} onChange={setText} error={errors.text} />
      )}
    </InsertDialog>
  );
}

/** Inserts an image: its address and its alt text are both required. */
export function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({});

  const submit = () => {
    const found = {
      src: allowedImageSrc(src) ? undefined : IMAGE_ADDRESS_PROBLEM,
      alt: alt.trim() ? undefined : ALT_TEXT_PROBLEM,
    };
    setErrors(found);
    if (found.src || found.alt) return;
    editor.chain().focus().setImage({ src: src.trim(), alt: alt.trim() }).run();
    onClose();
  };

  return (
    <InsertDialog title="Add image" submitLabel="Add image" onSubmit={submit} onClose={onClose}>
      <DialogField
        id="image-address"
        label="Image address"
        type="url"
        value={src}
        onChange={setSrc}
        error={errors.src}
        autoFocus
      />
      <DialogField
        id="image-alt"
        label="Alt text"
        value={alt}
        onChange={setAlt}
        error={errors.alt}
        hint="What the image shows, read to people who cannot see it and shown when it does not load."
      />
    </InsertDialog>
  );
}
