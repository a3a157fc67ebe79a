import { Icon } from './icons.tsx';
import { Link } from './Link.tsx';

/** Spec §2.2: Dashboard, then the current page's label. */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
        <li className="max-sm:hidden">
          <Link href="/dashboard" className="rounded hover:text-slate-900 dark:hover:text-white">
            Dashboard
          </Link>
        </li>
        <li aria-hidden="true" className="max-sm:hidden">
          <Icon name="chevron" className="size-3.5" />
        </li>
        <li aria-current="page" className="truncate font-medium text-slate-900 dark:text-white">
          {current}
        </li>
      </ol>
    </nav>
  );
}
