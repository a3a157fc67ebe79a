import type { ConnectionCheckResult } from '../../../lib/api/destinations.ts';

/** What "Test connection" found: a green line, or the refusal with the remote's own words beside it. */
export function ConnectionResult({ check, label }: { check: ConnectionCheckResult; label: string }) {
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
