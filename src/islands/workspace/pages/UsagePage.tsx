import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { openBillingPortal, type Usage } from '../../../lib/api/usage.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { PageFrame } from '../PageFrame.tsx';
import { revalidateKeys } from '../../../lib/query/fetcher.ts';
import { $usage } from '../usage/usageStores.ts';

/** After paying, Stripe's events may reach the server a moment after the browser: ask again this often, this many times. */
const CONFIRM_EVERY_MS = 3000;
const CONFIRM_TRIES = 10;

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Usage: this period's posts against the plan's allowance, the sign-up bonus, and the last 6 months as labelled bars. */
export default function UsagePage() {
  const { data, loading, error } = useStore($usage);
  const [checkedOut] = useState(() => new URLSearchParams(window.location.search).get('checkout') === 'success');
  const [tries, setTries] = useState(0);
  const confirmed = data?.source === 'stripe';
  useEffect(() => {
    if (!checkedOut || confirmed || tries >= CONFIRM_TRIES) return;
    const timer = setTimeout(() => {
      revalidateKeys((key) => key === 'usage');
      setTries((count) => count + 1);
    }, CONFIRM_EVERY_MS);
    return () => clearTimeout(timer);
  }, [checkedOut, confirmed, tries]);
  return (
    <PageFrame title="Usage" lead="Posts generated this month against your plan.">
      {checkedOut && (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {confirmed
            ? 'Thank you! Your payment went through and your new plan is active.'
            : 'Thank you! Your payment went through. Your new plan shows here as soon as Stripe confirms it.'}
        </p>
      )}
      {loading && !data && <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
      {error && !data && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(error, 'An error occurred.')}
        </p>
      )}
      {data && <UsageDetails usage={data} />}
    </PageFrame>
  );
}

/** One labelled bar whose fill is exactly the fraction its text states. */
function Meter({ label, used, of }: { label: string; used: number; of: number }) {
  const shown = Math.min(used, of);
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={of}
      aria-valuenow={shown}
      aria-valuetext={`${shown} of ${of}`}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${(shown / Math.max(1, of)) * 100}%` }} />
    </div>
  );
}

/**
 * The plan's posts this month and, apart, the sign-up bonus: each line's bar shows exactly what its words say ("2 of
 * 2 posts used" is a full bar; the bonus has its own), instead of one bar over both that read 40% when the month's
 * posts were all used.
 */
function UsageDetails({ usage }: { usage: Usage }) {
  const allowance = usage.allowance;
  const fromPlan = allowance === null ? usage.used : Math.min(usage.used, allowance);
  const fromBonus = usage.used - fromPlan;
  const bonusUsed = usage.bonus_total - usage.bonus_left;
  return (
    <>
      <section
        aria-labelledby="usage-plan"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="usage-plan" className="text-lg font-semibold">
            {usage.plan_name} plan
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {dayLabel(usage.period_start)} – {dayLabel(usage.period_end)}
          </p>
        </div>
        {usage.status === 'past_due' && (
          <p className="text-sm text-amber-800 dark:text-amber-200">
            Your last payment failed. Please update your payment method.
          </p>
        )}
        <p className="text-2xl font-semibold">
          {allowance === null
            ? `${usage.used} posts this month (unlimited)`
            : `${fromPlan} of ${allowance} posts used this month`}
        </p>
        {allowance !== null && <Meter label="Posts used this month" used={fromPlan} of={allowance} />}
        {fromBonus > 0 && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {`Plus ${fromBonus} bonus ${fromBonus === 1 ? 'post' : 'posts'} this month.`}
          </p>
        )}
        {usage.bonus_total > 0 && (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Sign-up bonus: {usage.bonus_left} of {usage.bonus_total} bonus posts left.
            </p>
            <Meter label="Bonus posts used" used={bonusUsed} of={usage.bonus_total} />
          </>
        )}
        {usage.remaining === 0 && (
          <p className="text-sm text-slate-700 dark:text-slate-300">You have used every post your plan includes.</p>
        )}
        {usage.remaining !== null && usage.remaining > 0 && allowance !== null && fromPlan >= allowance && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {`This month's posts are used; your next ${usage.remaining === 1 ? 'post comes' : `${usage.remaining} posts come`} from your bonus.`}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <a
            href="/pricing"
            className="inline-flex h-9 items-center rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
          >
            {usage.plan === 'scale' ? 'See plans' : 'Upgrade plan'}
          </a>
          {usage.can_manage_billing && <ManageBilling />}
        </div>
      </section>
      <MonthsChart months={usage.months} />
    </>
  );
}

/** Opens the Stripe customer portal (shown only when Stripe is configured and the account has a Stripe customer). */
function ManageBilling() {
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      window.location.assign((await openBillingPortal()).url);
    } catch (error) {
      showToast(errorMessage(error, 'An error occurred.'), 'error');
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={open}
      disabled={busy}
      className="inline-flex h-9 items-center rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      Manage billing
    </button>
  );
}

/** Six labelled bars; each row's label carries its numbers, so a screen reader reads it as a list of month counts. */
function MonthsChart({ months }: { months: Usage['months'] }) {
  const max = Math.max(1, ...months.map((month) => month.posts));
  return (
    <section aria-labelledby="usage-months" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="usage-months" className="mb-3 text-lg font-semibold">
        Last 6 months
      </h2>
      <ul aria-labelledby="usage-months" className="flex flex-col gap-2">
        {months.map((month) => (
          <li
            key={month.month}
            aria-label={`${monthLabel(month.month)}: ${month.posts} ${month.posts === 1 ? 'post' : 'posts'}`}
            className="grid grid-cols-[6rem_1fr_2.5rem] items-center gap-3 text-sm"
          >
            <span aria-hidden="true">{monthLabel(month.month)}</span>
            <span aria-hidden="true" className="h-4 rounded bg-slate-100 dark:bg-slate-800">
              <span className="block h-full rounded bg-brand-600" style={{ width: `${(month.posts / max) * 100}%` }} />
            </span>
            <span aria-hidden="true" className="text-right tabular-nums">
              {month.posts}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
