import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { setUserPlan, type AdminUser } from '../../../lib/api/admin.ts';
import { errorMessage } from '../../../lib/api/client.ts';
import type { PlanId } from '../../../lib/api/usage.ts';
import { beginImpersonation } from '../../../lib/auth/impersonation.ts';
import { $session } from '../../../lib/auth/session.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { $adminUsers, $userQuery, revalidateAccounts } from '../usage/usageStores.ts';

const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', starter: 'Starter', pro: 'Pro', scale: 'Scale' };

const PLAN_OPTIONS: { value: PlanId | ''; label: string }[] = [
  { value: '', label: 'Automatic (Stripe or Free)' },
  { value: 'free', label: 'Free' },
  { value: 'starter', label: 'Starter' },
  { value: 'pro', label: 'Pro' },
  { value: 'scale', label: 'Scale' },
];

/** Admin users page (Advanced group): find a user, set their plan, or impersonate them. */
export default function AdminUsersPage() {
  const me = useStore($session).user;
  if (!me?.is_admin) {
    return (
      <PageFrame title="Users">
        <EmptyState title="Admins only">Users are managed by administrators.</EmptyState>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Users" lead="Find an account to set its plan or to see the workspace as its user sees it.">
      <UserSearch />
      <UserList />
    </PageFrame>
  );
}

function UserSearch() {
  const [text, setText] = useState(() => decodeURIComponent($userQuery.get()));
  function submit(event: FormEvent) {
    event.preventDefault();
    $userQuery.set(encodeURIComponent(text.trim()));
  }
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Email or name
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-9 w-72 rounded-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      <button
        type="submit"
        className="h-9 rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
      >
        Search
      </button>
    </form>
  );
}

function UserList() {
  const { data, loading, error } = useStore($adminUsers);
  if (loading && !data) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>;
  if (error && !data)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {errorMessage(error, 'An error occurred.')}
      </p>
    );
  if (!data?.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No users found</p>;
  return (
    <ul
      aria-label="Users"
      className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {data.map((user) => (
        <UserRow key={user.id} user={user} />
      ))}
    </ul>
  );
}

function displayName(user: AdminUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
}

function UserRow({ user }: { user: AdminUser }) {
  const me = useStore($session).user;
  const [busy, setBusy] = useState(false);
  const name = displayName(user);
  const planValue = user.plan_source === 'admin' ? user.plan : '';

  async function changePlan(value: string) {
    setBusy(true);
    try {
      const result = await setUserPlan(user.id, value ? (value as PlanId) : null);
      showToast(`${name} is on the ${result.plan_name} plan.`, 'success');
      revalidateAccounts();
    } catch (error) {
      showToast(errorMessage(error, 'An error occurred.'), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function impersonate() {
    setBusy(true);
    try {
      await beginImpersonation(user.id);
    } catch (error) {
      showToast(errorMessage(error, 'An error occurred.'), 'error');
      setBusy(false);
    }
  }

  const role = user.is_superuser ? 'Superuser' : user.is_admin ? 'Admin' : null;
  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {name}{' '}
          {role && (
            <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {role}
            </span>
          )}
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">
          {user.email} · {PLAN_NAMES[user.plan]} plan{user.plan_source === 'stripe' ? ' (Stripe)' : ''}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <span>Plan</span>
        <select
          value={planValue}
          disabled={busy}
          onChange={(event) => void changePlan(event.target.value)}
          aria-label={`Plan of ${name}`}
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {PLAN_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {!user.is_superuser && user.id !== me?.id && (
        <button
          type="button"
          disabled={busy}
          onClick={impersonate}
          aria-label={`Impersonate ${name}`}
          className="h-9 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Impersonate
        </button>
      )}
    </li>
  );
}
