import { useState, type FormEvent } from 'react';
import { errorMessage, fieldIssues } from '../../../lib/api/client.ts';
import { saveSearchConsoleVerification, type SearchConsoleConnection } from '../../../lib/api/searchConsole.ts';
import { mutateCache } from '../../../lib/query/fetcher.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';

/**
 * The hosted blog's google-site-verification tag (owners): Search Console's "HTML tag" method, for blogs on a project
 * subdomain (whose DNS the owner cannot edit). The tag appears in the <head> of every blog page.
 */
export function VerificationForm({ projectId, current }: { projectId: string; current: SearchConsoleConnection }) {
  const [value, setValue] = useState(current.verification_token ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `verification-${projectId}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const saved = await saveSearchConsoleVerification(projectId, value);
      mutateCache(`projects/${projectId}/search-console`, saved);
      showToast(saved.message ?? 'Saved.', 'success');
    } catch (failure) {
      const issue = fieldIssues(failure).token;
      if (issue) setProblem(issue);
      else showToast(errorMessage(failure, 'Could not save the verification tag.'), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-label`}
      className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
        Verification tag for your blog
      </label>
      <p id={`${id}-help`} className="text-xs text-slate-600 dark:text-slate-400">
        In Search Console, add {current.blog_url} as a URL-prefix property, choose "HTML tag" and paste the tag (or just
        its content) here; your blog's pages then carry it. Leave empty to remove it.
      </p>
      <div className="mt-1 flex flex-wrap items-start gap-2">
        <input
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder='<meta name="google-site-verification" content="...">'
          aria-describedby={`${id}-help${problem ? ` ${id}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          className={`${fieldClass} mt-0 min-w-0 flex-1 basis-64`}
        />
        <button type="submit" disabled={busy} className={secondaryButton}>
          {busy ? 'Saving...' : 'Save tag'}
        </button>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  );
}
