import type { ConnectionCheckResult } from '../../../lib/api/destinations.ts';

/**
 * What "Test connection" found: a green line; the remote reached but something still to choose (`choose`: "the
 * collection", or '' when there is nothing to choose from yet), said as such; or the refusal with the remote's own
 * words beside it.
 */
export function ConnectionResult({
  check,
  label,
  choose = null,
}: {
  check: ConnectionCheckResult;
  label: string;
  choose?: string | null;
}) {
  if (check.ok)
    return (
      <div
        role="status"
        className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      >
        <p className="font-medium">{check.message}</p>
        {check.details && (
          <ul className="mt-1">
            {Object.entries(check.details).map(([key, value]) => (
              <li key={key}>
                {key.replace(/_/g, ' ')}: {value}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  if (choose !== null)
    return (
      <div
        role="status"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-medium break-words">{check.message}</p>
        {choose && <p className="mt-1">The connection works. Choose {choose} below, then test again.</p>}
      </div>
    );
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-medium">{check.message}</p>
      {check.remote_message && (
        <p className="mt-1 break-words">
          {label} said: <q>{check.remote_message}</q>
        </p>
      )}
      <p className="mt-1">Check the address and credentials, then test again. Nothing was saved.</p>
    </div>
  );
}
