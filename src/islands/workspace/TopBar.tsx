import { useStore } from '@nanostores/react';
import { $sheetOpen, $sidebarOpen, MOBILE_QUERY, toggleSidebar } from '../../lib/stores/sidebar.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { Icon } from './icons.tsx';
import { Link } from './Link.tsx';
import { LogoutAsButton } from './LogoutAsButton.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { ProjectSelector } from './ProjectSelector.tsx';
import { SIDEBAR_ID } from './Sidebar.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useMediaQuery } from './useMediaQuery.ts';

/** Spec §2.2: sidebar toggle, breadcrumb, project selector, New, Logout as {name} while impersonating, theme and the profile menu. */
export function TopBar({ crumb }: { crumb: string }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const expanded = useStore(mobile ? $sheetOpen : $sidebarOpen);
  return (
    <header className="sticky top-0 z-20 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <button
        type="button"
        onClick={toggleSidebar}
        aria-label="Toggle sidebar"
        aria-expanded={expanded}
        aria-controls={SIDEBAR_ID}
        aria-keyshortcuts="Control+B Meta+B"
        title="Toggle sidebar (Ctrl+B)"
        className="grid size-9 place-items-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon name="panel" />
      </button>
      <Breadcrumb current={crumb} />
      <div className="ml-auto flex items-center gap-2 max-md:order-last max-md:w-full">
        <ProjectSelector />
        <Link
          href="/projects"
          className="inline-flex h-9 items-center gap-1 rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
        >
          <Icon name="plus" />
          New
        </Link>
      </div>
      <div className="flex items-center gap-1 max-md:ml-auto">
        <LogoutAsButton />
        <ThemeToggle />
        <ProfileMenu />
      </div>
    </header>
  );
}
