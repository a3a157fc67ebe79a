import { useStore } from '@nanostores/react';
import { errorMessage } from '../../../lib/api/client.ts';
import { $session } from '../../../lib/auth/session.ts';
import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { $auditLog } from '../usage/usageStores.ts';

/** What a row records: a request of an impersonated session, or an act of its own (issue 22: deletions). */
function describe(entry: { action: string; method: string; path: string }): string {
  if (entry.action === 'impersonation_start') return 'Started impersonation';
  if (entry.action === 'project_deleted') return `Deleted project ${entry.path.replace(/^\/api\/projects\//, '')}`;
  if (entry.action === 'account_deleted') return 'Deleted their account';
  return `${entry.method} ${entry.path}`;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** Audit log (superusers): every impersonation, each request made while impersonating, and deletions, newest first. */
export default function AuditLogPage() {
  const me = useStore($session).user;
  if (!me?.is_superuser) {
    return (
      <PageFrame title="Audit Log">
        <EmptyState title="Superusers only">The audit log is visible to superusers.</EmptyState>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Audit Log" lead="Who acted as whom, what they did and when.">
      <AuditTable />
    </PageFrame>
  );
}

function AuditTable() {
  const { data, loading, error } = useStore($auditLog);
  if (loading && !data) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>;
  if (error && !data)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {errorMessage(error, 'An error occurred.')}
      </p>
    );
  if (!data?.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No entries yet</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit log, newest first</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {['When', 'Who', 'As whom', 'What', 'Status'].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.map((entry) => (
            <tr key={entry.id}>
              <td className="px-3 py-2 whitespace-nowrap">{when(entry.created_at)}</td>
              <td className="px-3 py-2">{entry.actor_email}</td>
              <td className="px-3 py-2">{entry.subject_email}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">{describe(entry)}</td>
              <td className="px-3 py-2 tabular-nums">{entry.status ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
