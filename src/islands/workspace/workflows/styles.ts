// Class names the workflow screens share (the workspace's existing look).
export const fieldClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';
export const primaryButton =
  'rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';
export const secondaryButton =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-900';
export const linkClass = 'text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';
export const panelClass = 'rounded-lg border border-slate-200 p-4 dark:border-slate-800';
export const headingClass = 'text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';
