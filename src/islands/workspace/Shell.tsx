import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useRef } from 'react';
import { fetchMe } from '../../lib/api/projects.ts';
import { analyticsRole, trackWorkspacePageView } from '../../lib/analytics.ts';
import { $session, rememberUser } from '../../lib/auth/session.ts';
import { loadProjects } from '../../lib/stores/projects.ts';
import { $location } from '../../lib/stores/router.ts';
import { toggleSidebar } from '../../lib/stores/sidebar.ts';
import { ConnectWebsiteBanner } from './brand/ConnectWebsiteBanner.tsx';
import { ConnectDomainBanner } from './domains/ConnectDomainBanner.tsx';
import { useResumeBrandTask } from './brand/useResumeBrandTask.ts';
import { ProjectsErrorBanner } from './ProjectsErrorBanner.tsx';
import { matchRoute, showsTopBar } from './routes.ts';
import { Sidebar } from './Sidebar.tsx';
import { Toaster } from './Toaster.tsx';
import { TopBar } from './TopBar.tsx';

/** The signed-in frame: sidebar, top bar, the current route's page (loaded on demand) and the toasts. */
export function Shell() {
  const { pathname } = useStore($location);
  const route = matchRoute(pathname);
  const main = useRef<HTMLElement>(null);
  const user = useStore($session).user;
  const role = user ? analyticsRole(user) : null;
  const firstPath = useRef(pathname);
  useResumeBrandTask();

  useEffect(() => {
    fetchMe().then(rememberUser, () => undefined); // a failed check keeps the session (spec §7); a 401 logs out in the client
    void loadProjects();
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    document.title = `${route.title} · Inkpilot`;
    if (pathname !== firstPath.current) main.current?.focus({ preventScroll: true });
  }, [pathname, route.title]);

  useEffect(() => {
    // Consent-gated like every event (spec public-site §7); after the title effect, so the view carries the new title.
    if (role) trackWorkspacePageView(role);
  }, [pathname, role]);

  return (
    <div className="flex min-h-screen">
      <a
        href="#workspace-main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900"
      >
        Skip to content
      </a>
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        {showsTopBar(pathname) && (
          <>
            <TopBar crumb={route.crumb} />
            <ProjectsErrorBanner />
            <ConnectWebsiteBanner />
            <ConnectDomainBanner />
          </>
        )}
        <main id="workspace-main" ref={main} tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>}>
            <route.Page />
          </Suspense>
        </main>
      </div>
      <Toaster />
    </div>
  );
}
