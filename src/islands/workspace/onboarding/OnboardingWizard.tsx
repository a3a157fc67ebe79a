import { useStore } from '@nanostores/react';
import { $brandTask } from '../../../lib/stores/brandTask.ts';
import { $onboarding, resumeStep, skipOnboarding } from '../../../lib/stores/onboarding.ts';
import { $planLaunch } from '../../../lib/stores/plan.ts';
import { $projects, $selectedProject } from '../../../lib/stores/projects.ts';
import { canWrite } from '../roles.ts';
import { StepConnectWebsite } from './StepConnectWebsite.tsx';
import { StepCreateProject } from './StepCreateProject.tsx';
import { StepPlanCalendar } from './StepPlanCalendar.tsx';

const STEPS = ['Create project', 'Connect website', 'Plan your calendar'] as const;

/**
 * Spec §2.4 on the Dashboard, for owners and editors, resumed where the selected project stands (resumeStep): a
 * reload or a later visit comes back to the step the project is at, until its 30-day plan exists. Step 2 stays on
 * screen while its task finishes, step 3 while its plan is made and then with View Your 30-Day Plan.
 */
export function OnboardingWizard() {
  const { status, list } = useStore($projects);
  const project = useStore($selectedProject);
  const wizard = useStore($onboarding);
  const task = useStore($brandTask);
  const plan = useStore($planLaunch);
  // Nothing to say while loading, nor when the list could not be loaded (the error banner says so).
  if (wizard.skipped || status === 'error' || (status === 'loading' && list.length === 0)) return null;
  const noProject = list.length === 0;
  if (!noProject && (!project || !canWrite(project.role))) return null;
  const ours = (projectId: string | null) => Boolean(project) && projectId === project?.id;
  const stands = noProject ? 1 : resumeStep(project, wizard.named);
  const back = wizard.back && ours(wizard.back.projectId) ? wizard.back.step : null;
  const step = back
    ? back
    : ours(task.projectId) && task.phase === 'running'
      ? 2 // the guide is being written: progress stays in view until it is done
      : ours(plan.projectId) && plan.phase !== 'idle'
        ? 3 // the plan being made, or just made (View Your 30-Day Plan)
        : stands;
  if (step === null) return null;

  return (
    <section
      aria-labelledby="onboarding-title"
      className="rounded-lg border border-brand-100 bg-brand-50/50 p-5 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="onboarding-title" className="text-lg font-semibold">
            Get started
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Three steps from your website to a 30-day content plan.
          </p>
        </div>
        <button
          type="button"
          onClick={skipOnboarding}
          className="text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          Skip for now
        </button>
      </div>
      <ol aria-label="Onboarding steps" className="mt-4 grid gap-2 text-sm sm:grid-cols-3">
        {STEPS.map((label, index) => {
          const number = index + 1;
          const current = number === step;
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className={`flex items-center gap-2 rounded-md border px-3 py-2 ${current ? 'border-brand-600 font-semibold' : 'border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400'}`}
            >
              <span
                aria-hidden="true"
                className={`grid size-6 shrink-0 place-items-center rounded-full text-xs ${number < step ? 'bg-emerald-700 text-white' : current ? 'bg-brand-600 text-white' : 'bg-slate-200 dark:bg-slate-800'}`}
              >
                {number < step ? '✓' : number}
              </span>
              <span>
                <span className="sr-only">{`Step ${number}: `}</span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-5">
        {step === 1 && (
          <StepCreateProject key={`${project?.id}:${project?.brand_name ?? ''}`} project={noProject ? null : project} />
        )}
        {step === 2 && project && <StepConnectWebsite project={project} />}
        {step === 3 && project && <StepPlanCalendar project={project} />}
      </div>
    </section>
  );
}
