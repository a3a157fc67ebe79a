import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import {
  disconnectSearchConsole,
  resubmitSearchConsoleSitemap,
  type SearchConsoleConnection,
  startSearchConsoleConnect,
} from '../../../lib/api/searchConsole.ts';
import { mutateCache } from '../../../lib/query/fetcher.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { PropertyPicker } from './PropertyPicker.tsx';
import { $searchConsole } from './searchConsoleStores.ts';
import { VerificationForm } from './VerificationForm.tsx';

const muted = 'text-sm text-slate-600 dark:text-slate-400';
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** Where Google sends the owner back: the address to register as an authorized redirect URI. */
const callbackUrl = () => `${window.location.origin}/projects/search-console`;

/**
 * Projects → Search Console: connect the selected project's blog to Google Search Console (owners), pick the property
 * that covers it (its sitemap is submitted), see what was fetched, and set the blog's verification tag. Editors and
 * viewers see the state; a server without Google settings says which to set.
 */
export function SearchConsolePanel() {
  const project = useStore($selectedProject);
  const { data, loading, error } = useStore($searchConsole);
  const [busy, setBusy] = useState<null | 'connect' | 'sitemap' | 'disconnect'>(null);
  const [picking, setPicking] = useState(false);
  if (!project) return null;
  const owner = project.role === 'owner';
  const key = `projects/${project.id}/search-console`;
  const show = (next: SearchConsoleConnection) => mutateCache(key, next);

  async function connect() {
    setBusy('connect');
    try {
      window.location.assign(await startSearchConsoleConnect(project!.id));
    } catch (failure) {
      showToast(errorMessage(failure, 'Could not start connecting Search Console.'), 'error');
      setBusy(null);
    }
  }

  async function act(kind: 'sitemap' | 'disconnect', call: () => Promise<SearchConsoleConnection>) {
    setBusy(kind);
    try {
      const next = await call();
      show(next);
      showToast(next.message ?? 'Done.', next.sitemap_error && kind === 'sitemap' ? 'error' : 'success');
    } catch (failure) {
      showToast(errorMessage(failure, 'An error occurred.'), 'error');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      id="search-console"
      aria-labelledby="search-console-heading"
      className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="search-console-heading" className="mb-2 text-lg font-semibold">
        Search Console
      </h2>
      {!data && loading && <p className={muted}>Loading...</p>}
      {!data && error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load Search Console's state. Reload the page to try again.
        </p>
      )}
      {data && !data.configured && (
        <div className={muted}>
          <p>Search Console is not configured on this server, so indexing status and search metrics are not shown.</p>
          <p className="mt-1">
            To turn it on, set{' '}
            {data.missing_settings.map((name) => (
              <code key={name}>{name} </code>
            ))}{' '}
            (a Google OAuth client of type "Web application" with <code className="break-all">{callbackUrl()}</code> as
            an authorized redirect URI) and restart the server.
          </p>
        </div>
      )}
      {data?.configured && !data.connected && (
        <div className="flex flex-col items-start gap-2">
          <p className={muted}>
            Connect Google Search Console to see whether each post is indexed, what it ranks for, and to plan from the
            queries your blog already shows up for.
          </p>
          {owner ? (
            <button type="button" onClick={connect} disabled={busy !== null} className={primaryButton}>
              {busy === 'connect' ? 'Opening Google...' : 'Connect Search Console'}
            </button>
          ) : (
            <p className={muted}>Not connected. An owner of this project can connect it.</p>
          )}
        </div>
      )}
      {data?.connected && data.status === 'reconnect' && (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-amber-900 dark:text-amber-100">
          <p>{data.status_reason}</p>
          {owner && (
            <button type="button" onClick={connect} disabled={busy !== null} className={primaryButton}>
              {busy === 'connect' ? 'Opening Google...' : 'Reconnect Search Console'}
            </button>
          )}
        </div>
      )}
      {data?.connected && data.status === 'connected' && (
        <div className="flex flex-col gap-3">
          {data.property && !picking ? (
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-600 dark:text-slate-400">Property</dt>
              <dd className="break-all">
                {data.property}
                {data.property_covers_blog === false && (
                  <span className="ml-1 text-amber-800 dark:text-amber-200">
                    (no longer covers {data.blog_url}: pick another)
                  </span>
                )}
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">Sitemap</dt>
              <dd className="break-all">
                {data.sitemap_error ? (
                  <span className="text-red-700 dark:text-red-300">Not submitted. {data.sitemap_error}</span>
                ) : data.sitemap_submitted_at ? (
                  `Submitted ${dateTime.format(new Date(data.sitemap_submitted_at))}: ${data.sitemap_url}`
                ) : (
                  'Not submitted yet'
                )}
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">Search data</dt>
              <dd>
                {data.metrics_error
                  ? data.metrics_error
                  : data.metrics_through
                    ? `Clicks and impressions through ${dateOnly.format(new Date(`${data.metrics_through}T00:00:00Z`))}; refreshed daily.`
                    : data.metrics_synced_at
                      ? 'Google has no search data for the blog yet.'
                      : 'Being fetched from Google...'}
              </dd>
            </dl>
          ) : owner ? (
            <PropertyPicker
              projectId={project.id}
              onPicked={(next) => {
                show(next);
                setPicking(false);
              }}
              onCancel={data.property ? () => setPicking(false) : undefined}
            />
          ) : (
            <p className={muted}>Connected. Waiting for an owner to pick the property that covers the blog.</p>
          )}
          {owner && data.property && !picking && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={() => act('sitemap', () => resubmitSearchConsoleSitemap(project.id))}
                disabled={busy !== null}
                className={secondaryButton}
              >
                {busy === 'sitemap' ? 'Submitting...' : 'Submit sitemap again'}
              </button>
              <button type="button" onClick={() => setPicking(true)} className={secondaryButton}>
                Change property
              </button>
              <button
                type="button"
                onClick={() => act('disconnect', () => disconnectSearchConsole(project.id))}
                disabled={busy !== null}
                className={secondaryButton}
              >
                {busy === 'disconnect' ? 'Disconnecting...' : 'Disconnect'}
              </button>
            </div>
          )}
        </div>
      )}
      {data && owner && (
        <VerificationForm
          key={`${project.id}:${data.verification_token ?? ''}`}
          projectId={project.id}
          current={data}
        />
      )}
    </section>
  );
}
