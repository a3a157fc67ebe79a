import type { ReactNode } from 'react';

/**
 * The common frame of a workspace page: its heading, an optional lead and the page body. `wide` pages (the workflow
 * builder) use the whole width: a canvas gains from every pixel.
 */
export function PageFrame({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: string;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={`mx-auto flex w-full min-w-0 flex-col gap-6 ${wide ? '' : 'max-w-5xl'}`}>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {lead && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{lead}</p>}
      </div>
      {children}
    </div>
  );
}

/** A dashed box saying what will appear here once the page's feature exists. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <h2 className="font-medium">{title}</h2>
      {children && <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}
