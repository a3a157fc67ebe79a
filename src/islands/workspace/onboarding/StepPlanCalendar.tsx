import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Project } from '../../../lib/api/projects.ts';
import { fetchDefaultPrompt } from '../../../lib/api/prompts.ts';
import { $onboarding, skipOnboarding } from '../../../lib/stores/onboarding.ts';
import { $planLaunch, launchPlan } from '../../../lib/stores/plan.ts';
import { primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { Link } from '../Link.tsx';
import { sampleCalendar } from './sampleCalendar.ts';

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

/** Step 3: the marketing panel, a sample of 4 upcoming weekdays and Launch Your 30 days Empire (spec §2.4). */
export function StepPlanCalendar({ project }: { project: Project }) {
  const handed = useStore($onboarding).prompt;
  const plan = useStore($planLaunch);
  const [keywords, setKeywords] = useState<string[] | null>(handed?.keywords ?? null);
  const [days, setDays] = useState(() => sampleCalendar(handed?.keywords ?? []));

  useEffect(() => {
    if (keywords) return;
    fetchDefaultPrompt(project.id).then(
      (prompt) => {
        setKeywords(prompt.keywords);
        setDays(sampleCalendar(prompt.keywords));
      },
      () => setKeywords([]),
    );
  }, [project.id, keywords]);

  const mine = plan.projectId === project.id;
  const promptId = project.default_prompt_id ?? handed?.id ?? null;

  return (
    <div className="grid gap-5 lg:grid-cols-[1fr_1.4fr]">
      <div className="flex flex-col gap-3">
        <h3 className="font-medium">Plan your calendar</h3>
        <p className="text-sm">
          Your brand guide is ready. Turn it into 30 days of posts: one topic a day, researched for search and written
          in your voice.
        </p>
        <ul className="list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>Topics chosen from your keywords</li>
          <li>Drafts you review before they go live</li>
          <li>A calendar you can change at any time</li>
        </ul>
        <div className="flex flex-wrap gap-2">
          {mine && plan.phase === 'ready' ? (
            <Link href="/calendar" className={primaryButton}>
              View Your 30-Day Plan
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => launchPlan(project.id, promptId)}
              disabled={mine && plan.phase === 'running'}
              className={primaryButton}
            >
              Launch Your 30 days Empire
            </button>
          )}
          <button type="button" onClick={skipOnboarding} className={secondaryButton}>
            Done for now
          </button>
        </div>
      </div>
      <section
        aria-labelledby="sample-calendar"
        className="rounded-md border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-950"
      >
        <h4 id="sample-calendar" className="text-sm font-semibold">
          Sample calendar
        </h4>
        <ol className="mt-3 grid gap-2 sm:grid-cols-2">
          {days.map((day) => (
            <li key={day.date.toISOString()} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
              <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{dayFormat.format(day.date)}</p>
              <ul aria-label="Keywords" className="mt-2 flex flex-wrap gap-1.5">
                {day.chips.map((chip) => (
                  <li key={chip.keyword} className={`rounded-full px-2 py-0.5 text-xs font-medium ${chip.colour}`}>
                    {chip.keyword}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
