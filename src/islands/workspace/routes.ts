import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One screen of the workspace: its page title, breadcrumb label, sidebar section and code-split component. */
export interface RouteDef {
  title: string;
  crumb: string;
  section: string;
  Page: LazyExoticComponent<ComponentType>;
}

/** Spec §2.2: the breadcrumb label when a page has none of its own. */
const DEFAULT_CRUMB = 'Overview';

const page = {
  dashboard: lazy(() => import('./pages/DashboardPage.tsx')),
  calendar: lazy(() => import('./pages/CalendarPage.tsx')),
  blogs: lazy(() => import('./pages/BlogsPage.tsx')),
  blogPost: lazy(() => import('./pages/BlogPostPage.tsx')),
  blogEdit: lazy(() => import('./pages/BlogEditPage.tsx')),
  prompts: lazy(() => import('./pages/PromptsPage.tsx')),
  projects: lazy(() => import('./pages/ProjectsPage.tsx')),
  workflows: lazy(() => import('./pages/WorkflowsPage.tsx')),
  settings: lazy(() => import('./pages/SettingsPage.tsx')),
  usage: lazy(() => import('./pages/UsagePage.tsx')),
  templates: lazy(() => import('./pages/TemplatesPage.tsx')),
  cta: lazy(() => import('./pages/CtaGeneratorPage.tsx')),
  adminUsers: lazy(() => import('./pages/AdminUsersPage.tsx')),
  auditLog: lazy(() => import('./pages/AuditLogPage.tsx')),
  aiModel: lazy(() => import('./pages/AiModelPage.tsx')),
  searchConsole: lazy(() => import('./pages/SearchConsoleCallbackPage.tsx')),
  notFound: lazy(() => import('./pages/NotFoundPage.tsx')),
};

const EXACT: Record<string, RouteDef> = {
  '/dashboard': { title: 'Dashboard', crumb: 'Dashboard', section: '/dashboard', Page: page.dashboard },
  '/calendar': { title: 'Calendar', crumb: DEFAULT_CRUMB, section: '/calendar', Page: page.calendar },
  '/blogs': { title: 'All Blogs', crumb: 'All Blogs', section: '/blogs', Page: page.blogs },
  '/prompts': { title: 'Prompts', crumb: 'Prompts', section: '/prompts', Page: page.prompts },
  '/projects': { title: 'Projects', crumb: 'Projects', section: '/projects', Page: page.projects },
  // Where Google's consent page sends an owner back (issue 25)
  '/projects/search-console': {
    title: 'Search Console',
    crumb: 'Projects',
    section: '/projects',
    Page: page.searchConsole,
  },
  '/workflows': { title: 'Workflows', crumb: 'Workflows', section: '/workflows', Page: page.workflows },
  '/settings': { title: 'Settings', crumb: 'Settings', section: '/settings', Page: page.settings },
  '/usage': { title: 'Usage', crumb: DEFAULT_CRUMB, section: '/usage', Page: page.usage },
  '/templates': {
    title: 'Workflow Templates',
    crumb: 'Workflow Templates',
    section: '/templates',
    Page: page.templates,
  },
  '/cta-generator': { title: 'CTA Generator', crumb: DEFAULT_CRUMB, section: '/cta-generator', Page: page.cta },
  '/admin/users': { title: 'Users', crumb: 'Users', section: '/admin/users', Page: page.adminUsers },
  '/admin/audit-log': { title: 'Audit Log', crumb: 'Audit Log', section: '/admin/audit-log', Page: page.auditLog },
  '/admin/ai': { title: 'AI model', crumb: 'AI model', section: '/admin/ai', Page: page.aiModel },
};

/** The screen for a path: exact routes, then the prefixed families of spec §2.1, else a not-found frame. */
export function matchRoute(pathname: string): RouteDef {
  const exact = EXACT[pathname];
  if (exact) return exact;
  if (/^\/blogs\/[^/]+$/.test(pathname))
    return { title: 'Blog Post', crumb: 'Blog Post', section: '/blogs', Page: page.blogPost };
  if (/^\/dashboard\/blog\/edit\/[^/]+$/.test(pathname))
    return { title: 'Edit Blog Post', crumb: DEFAULT_CRUMB, section: '/blogs', Page: page.blogEdit };
  if (pathname.startsWith('/workflows/'))
    return { title: 'Workflow', crumb: 'Workflows', section: '/workflows', Page: page.workflows };
  return { title: 'Page not found', crumb: DEFAULT_CRUMB, section: '', Page: page.notFound };
}

/** Spec §2.2: the top bar is hidden on the CTA generator. */
export function showsTopBar(pathname: string): boolean {
  return pathname !== '/cta-generator';
}

const WORKSPACE_PREFIXES = [
  '/dashboard',
  '/calendar',
  '/blogs',
  '/prompts',
  '/projects',
  '/workflows',
  '/settings',
  '/usage',
  '/templates',
  '/cta-generator',
  '/admin',
];

/** Whether a link stays inside the workspace app (client-side) or leaves it (full page load). */
export function isWorkspacePath(pathname: string): boolean {
  return WORKSPACE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
