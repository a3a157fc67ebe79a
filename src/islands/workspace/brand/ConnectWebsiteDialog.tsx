import { useEffect, useRef } from 'react';
import { clearBrandTask } from '../../../lib/stores/brandTask.ts';
import { ConnectWebsiteForm } from './ConnectWebsiteForm.tsx';

/** The Connect Your Website modal (spec §2.3) as a native modal dialog: focus kept inside, Escape closes it. */
export function ConnectWebsiteDialog({
  projectId,
  initialUrl,
  onClose,
}: {
  projectId: string;
  initialUrl?: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => clearBrandTask();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="connect-website-title"
      onClose={onClose}
      className="m-auto w-[32rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
    >
      <h2 id="connect-website-title" className="text-lg font-semibold">
        Connect Your Website
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
        We read your homepage and a few linked pages to write a brand guide in your voice.
      </p>
      <ConnectWebsiteForm
        projectId={projectId}
        initialUrl={initialUrl}
        onCancel={() => dialog.current?.close()}
        onDone={() => dialog.current?.close()}
      />
    </dialog>
  );
}
