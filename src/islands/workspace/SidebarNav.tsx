import { useStore } from '@nanostores/react';
import { $session } from '../../lib/auth/session.ts';
import { $location } from '../../lib/stores/router.ts';
import { Icon, type IconName } from './icons.tsx';
import { Link } from './Link.tsx';
import { matchRoute } from './routes.ts';

/** Spec §2.1: every sidebar entry and its route, in order. */
const ENTRIES: { label: string; href: string; icon: IconName }[] = [
  { label: 'Dashboard', href: '/dashboard', icon: 'dashboard' },
  { label: 'Calendar', href: '/calendar', icon: 'calendar' },
  { label: 'Blog', href: '/blogs', icon: 'blog' },
  { label: 'Prompts', href: '/prompts', icon: 'prompts' },
  { label: 'Projects', href: '/projects', icon: 'projects' },
  { label: 'Workflows', href: '/workflows', icon: 'workflows' },
  { label: 'My Account', href: '/settings', icon: 'account' },
  { label: 'Usage', href: '/usage', icon: 'usage' },
];

const itemClass = 'flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium';
const idleClass =
  'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const activeClass = 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-white';

/** The logo and entries, shared by the desktop sidebar and the mobile sheet; labels become tooltips when collapsed. */
export function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const user = useStore($session).user;
  const { section } = matchRoute(useStore($location).pathname);
  const label = collapsed ? 'sr-only' : 'truncate';

  const entry = (item: { label: string; href: string; icon: IconName }) => (
    <li key={item.href}>
      <Link
        href={item.href}
        onClick={onNavigate}
        title={collapsed ? item.label : undefined}
        aria-current={section === item.href ? 'page' : undefined}
        className={`${itemClass} ${section === item.href ? activeClass : idleClass}`}
      >
        <Icon name={item.icon} className="size-4 shrink-0" />
        <span className={label}>{item.label}</span>
      </Link>
    </li>
  );

  return (
    <div className="flex h-full flex-col gap-4 px-2 py-3">
      <a
        href="/"
        className="flex h-9 items-center gap-2 rounded-md px-1.5 font-bold text-brand-700 dark:text-brand-100"
      >
        <span
          aria-hidden="true"
          className="grid size-6 shrink-0 place-items-center rounded bg-brand-600 text-xs text-white"
        >
          I
        </span>
        <span className={label}>Inkpilot</span>
      </a>
      <nav aria-label="Workspace" className="flex flex-col gap-4">
        <ul className="flex flex-col gap-1">{ENTRIES.map(entry)}</ul>
        {user?.is_admin && (
          <div role="group" aria-labelledby="sidebar-advanced">
            <h2
              id="sidebar-advanced"
              className={
                collapsed
                  ? 'sr-only'
                  : 'px-2.5 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400'
              }
            >
              Advanced
            </h2>
            <ul className="flex flex-col gap-1">
              {entry({ label: 'Templates', href: '/templates', icon: 'templates' })}
              {entry({ label: 'Users', href: '/admin/users', icon: 'users' })}
              {entry({ label: 'AI model', href: '/admin/ai', icon: 'ai' })}
              {user.is_superuser && entry({ label: 'Audit Log', href: '/admin/audit-log', icon: 'audit' })}
              <li>
                <button
                  type="button"
                  disabled
                  title={collapsed ? 'CTA (Coming Soon)' : undefined}
                  className={`${itemClass} cursor-not-allowed text-slate-500 dark:text-slate-400`}
                >
                  <Icon name="cta" className="size-4 shrink-0" />
                  <span className={label}>CTA</span>
                  <span
                    className={
                      collapsed
                        ? 'sr-only'
                        : 'ml-auto rounded bg-slate-100 px-1.5 py-0.5 text-[0.65rem] font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300'
                    }
                  >
                    Coming Soon
                  </span>
                </button>
              </li>
            </ul>
          </div>
        )}
      </nav>
    </div>
  );
}
