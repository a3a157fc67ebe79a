import { useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { verifyCustomDomain, type CustomDomain } from '../../../lib/api/domains.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { secondaryButton } from '../brand/ConnectWebsiteForm.tsx';

/** The DNS records a pending domain needs, its state, and Check DNS (writers only) to verify it again. */
export function DomainRecords({
  projectId,
  value,
  canEdit,
  onChange,
}: {
  projectId: string;
  value: CustomDomain;
  canEdit: boolean;
  onChange: (next: CustomDomain) => void;
}) {
  const [checking, setChecking] = useState(false);
  if (!value.domain) return null;

  async function check() {
    setChecking(true);
    try {
      const next = await verifyCustomDomain(projectId);
      onChange(next);
      if (next.message) showToast(next.message, next.status === 'verified' ? 'success' : 'info');
    } catch (error) {
      showToast(errorMessage(error, 'Failed to connect domain.'), 'error');
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        <span className="font-medium">{value.domain}</span>{' '}
        <span
          className={
            value.status === 'verified'
              ? 'text-emerald-700 dark:text-emerald-300'
              : 'text-amber-800 dark:text-amber-200'
          }
        >
          {value.status === 'verified' ? 'Verified' : 'Pending DNS verification'}
        </span>
      </p>
      {value.status !== 'verified' && (
        <>
          <p className="text-slate-600 dark:text-slate-400">
            Create these DNS records at your DNS provider, then check again.
          </p>
          <table className="w-full table-fixed border-collapse text-left text-xs">
            <thead>
              <tr>
                <th scope="col" className="w-16 border-b border-slate-200 py-1 dark:border-slate-800">
                  Type
                </th>
                <th scope="col" className="border-b border-slate-200 py-1 dark:border-slate-800">
                  Name
                </th>
                <th scope="col" className="border-b border-slate-200 py-1 dark:border-slate-800">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {value.records.map((record) => (
                <tr key={record.type}>
                  <td className="py-1 align-top">{record.type}</td>
                  <td className="py-1 align-top font-mono break-all">{record.name}</td>
                  <td className="py-1 align-top font-mono break-all">{record.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {value.base_path && (
            <p className="text-slate-600 dark:text-slate-400">
              Serving under {value.base_path}: forward {value.base_path}/* from your site to your blog (see the setup
              guide); the CNAME is then not needed.
            </p>
          )}
          {canEdit && (
            <div>
              <button type="button" onClick={check} disabled={checking} className={secondaryButton}>
                {checking ? 'Checking...' : 'Check DNS'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
