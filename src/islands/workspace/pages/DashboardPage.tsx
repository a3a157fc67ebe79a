import { useStore } from '@nanostores/react';
import { $session } from '../../../lib/auth/session.ts';
import { $projects, $selectedProject } from '../../../lib/stores/projects.ts';
import { BlogAnalyticsSection } from '../analytics/LazyAnalytics.tsx';
import { BlogStatus } from '../dashboard/BlogStatus.tsx';
import { HeldPosts } from '../dashboard/HeldPosts.tsx';
import { RecentPosts } from '../dashboard/RecentPosts.tsx';
import { FailedEntries } from '../calendar/FailedEntries.tsx';
import { Link } from '../Link.tsx';
import { OnboardingWizard } from '../onboarding/OnboardingWizard.tsx';
import { PageFrame } from '../PageFrame.tsx';
import { ROLE_LABEL } from '../roles.ts';
import { RecentRuns } from '../workflows/RecentRuns.tsx';
import { RefreshSuggestions } from '../search-console/RefreshSuggestions.tsx';

/** What the website row adds to the address while its brand guide is not (yet) written from it. */
const WEBSITE_STATE: Record<string, string> = {
  pending: 'being read...',
  in_progress: 'being read...',
  failed: 'could not be read: connect it again',
};

const linkClass = 'text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';

/** Welcome, the onboarding wizard while the project has no brand guide, a summary of the selected project, its recent runs and posts. */
export default function DashboardPage() {
  const user = useStore($session).user;
  const { status } = useStore($projects);
  const project = useStore($selectedProject);
  const name = user?.first_name || user?.email || 'there';

  return (
    <PageFrame title={`Welcome, ${name}`} lead="Here is where your selected project stands.">
      <OnboardingWizard />
      <FailedEntries />
      <HeldPosts />
      <section
        aria-labelledby="project-summary"
        className="rounded-lg border border-slate-200 p-5 dark:border-slate-800"
      >
        <h2
          id="project-summary"
          className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
        >
          Selected project
        </h2>
        {project ? (
          <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-slate-600 dark:text-slate-400">Name</dt>
            <dd className="font-medium break-words">{project.name}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Description</dt>
            <dd>{project.description || 'No description'}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Your role</dt>
            <dd>{ROLE_LABEL[project.role]}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Website</dt>
            <dd>
              {project.brand_url ? (
                <>
                  <span className="break-all">{project.brand_url}</span>
                  {WEBSITE_STATE[project.brand_info_status ?? ''] && (
                    <span className="text-slate-600 dark:text-slate-400">
                      {' '}
                      · {WEBSITE_STATE[project.brand_info_status ?? '']}
                    </span>
                  )}
                </>
              ) : (
                'Not connected yet'
              )}
            </dd>
            <BlogStatus />
          </dl>
        ) : (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {status === 'loading' ? 'Loading...' : 'No project selected.'}
          </p>
        )}
        <p className="mt-4">
          <Link href="/projects" className={linkClass}>
            Manage projects
          </Link>
        </p>
      </section>
      {project && (
        <div className="grid gap-4 md:grid-cols-2">
          <RecentRuns />
          <RecentPosts />
          <RefreshSuggestions />
        </div>
      )}
      {project && <BlogAnalyticsSection />}
    </PageFrame>
  );
}
