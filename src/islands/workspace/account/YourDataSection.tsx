import { useState } from 'react';
import { downloadExport } from '../../../lib/api/account.ts';
import { errorMessage } from '../../../lib/api/client.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { quietButton } from '../TypedConfirmDialog.tsx';

/** My Account → Your data: a JSON file of everything the user's account and projects hold, to keep or move. */
export function YourDataSection() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const filename = await downloadExport();
      showToast(`Downloaded ${filename}.`, 'success');
    } catch (error) {
      showToast(errorMessage(error, 'The download failed. Please try again.'), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="your-data" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="your-data" className="text-lg font-semibold">
        Your data
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
        A JSON file with your account details and, for every project you are in, its brand guide, style guides, plan,
        workflows and posts (markdown and every field), and its Search Console connection, indexing status and search
        figures when it is connected.
      </p>
      <button type="button" onClick={download} disabled={busy} aria-busy={busy} className={quietButton}>
        {busy ? 'Preparing download...' : 'Download my data'}
      </button>
    </section>
  );
}
