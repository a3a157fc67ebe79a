import { useStore } from '@nanostores/react';
import { $brandTask } from '../../../lib/stores/brandTask.ts';
import { $onboarding, skipOnboarding } from '../../../lib/stores/onboarding.ts';
import { $projects, $selectedProject } from '../../../lib/stores/projects.ts';
import { canWrite } from '../roles.ts';
import { StepConnectWebsite } from './StepConnectWebsite.tsx';
import { StepCreateProject } from './StepCreateProject.tsx';
import { StepPlanCalendar } from './StepPlanCalendar.tsx';

const STEPS = ['Create project', 'Connect website', 'Plan your calendar'] as const;

/**
 * Spec §2.4 on the Dashboard: shown while the selected project has no brand content (or has none at all), to
 * owners and editors; step 3 stays for the project step 2 just connected. "Skip for now" hides it.
 */
export function OnboardingWizard() {
  const { status, list } = useStore($projects);
  const project = useStore($selectedProject);
  const wizard = useStore($onboarding);
  const task = useStore($brandTask);
  if (wizard.skipped || status === 'loading') return null;
  const noProject = list.length === 0;
  if (!noProject && (!project || !canWrite(project.role))) return null;
  const ours = wizard.projectId === project?.id;
  // Step 2 stays on screen while its task finishes (the reloaded project already has brand content), then step 3.
  const inFlow =
    ours && (wizard.step === 3 || (wizard.step === 2 && task.projectId === project?.id && task.phase !== 'idle'));
  if (!noProject && project?.brand_content && !inFlow) return null;
  const step = noProject ? 1 : wizard.projectId === project?.id ? wizard.step : 1;

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
        {step === 1 && <StepCreateProject project={project} />}
        {step === 2 && project && <StepConnectWebsite project={project} />}
        {step === 3 && project && <StepPlanCalendar project={project} />}
      </div>
    </section>
  );
}
