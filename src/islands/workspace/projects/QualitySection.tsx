import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage, fieldIssues } from '../../../lib/api/client.ts';
import { fetchQualitySettings, patchQualitySettings, type QualitySettings } from '../../../lib/api/quality.ts';
import { AI_NOTE_TEXT } from '../../../lib/quality/disclosure.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { canWrite } from '../roles.ts';

export const QUALITY_SAVED = 'Quality settings saved.';
const MIN_SCORE_RULE = 'The minimum score must be a whole number from 0 to 100.';

/** The typed minimum score as a number, or null when it is not a whole number from 0 to 100. */
function parseScore(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const value = Number(text);
  return value <= 100 ? value : null;
}

/**
 * The selected project's quality gate and AI-assisted note (issue 27): the lowest checklist score the autopilot may
 * publish, whether unsupported or copied claims hold a post back, and whether the blog marks generated posts. Owners
 * and editors change them; viewers read them.
 */
export function QualitySection() {
  const project = useStore($selectedProject);
  const projectId = project?.id;
  const [loaded, setLoaded] = useState<QualitySettings | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [score, setScore] = useState('');
  const [holdClaims, setHoldClaims] = useState(true);
  const [disclosure, setDisclosure] = useState(false);
  const [scoreError, setScoreError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!projectId) return;
    let live = true;
    setLoaded(null);
    setFailure(null);
    fetchQualitySettings(projectId).then(
      (settings) => {
        if (!live) return;
        setLoaded(settings);
        setScore(String(settings.min_score));
        setHoldClaims(settings.hold_claims);
        setDisclosure(settings.ai_disclosure);
      },
      (caught) => live && setFailure(errorMessage(caught, 'The quality settings could not be loaded.')),
    );
    return () => {
      live = false;
    };
  }, [projectId, attempt]);

  if (!project) return null;
  const writer = canWrite(project.role);
  const dirty =
    loaded !== null &&
    (score.trim() !== String(loaded.min_score) ||
      holdClaims !== loaded.hold_claims ||
      disclosure !== loaded.ai_disclosure);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const min = parseScore(score);
    if (min === null) {
      setScoreError(MIN_SCORE_RULE);
      return;
    }
    setScoreError(null);
    setBusy(true);
    try {
      const saved = await patchQualitySettings(project!.id, {
        min_score: min,
        hold_claims: holdClaims,
        ai_disclosure: disclosure,
      });
      setLoaded(saved);
      setScore(String(saved.min_score));
      showToast(QUALITY_SAVED, 'success');
    } catch (caught) {
      const issues = fieldIssues(caught);
      if (issues.min_score) setScoreError(issues.min_score);
      else showToast(errorMessage(caught, 'Failed to save the quality settings.'), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="quality-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div>
        <h2 id="quality-heading" className="text-lg font-semibold">
          Quality and disclosure
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          For {project.name}. The autopilot publishes only posts that pass the on-page checklist's gate; the others stay
          drafts, with the reasons on their calendar card, the dashboard and the post.
        </p>
      </div>
      {failure ? (
        <div role="alert" className="text-sm text-red-800 dark:text-red-200">
          <p>{failure}</p>
          <button type="button" onClick={() => setAttempt((count) => count + 1)} className={`${secondaryButton} mt-2`}>
            Try again
          </button>
        </div>
      ) : !loaded ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading the quality settings...
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div>
            <label htmlFor="quality-min-score" className="text-sm font-medium">
              Minimum score to publish automatically
            </label>
            <input
              id="quality-min-score"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={score}
              disabled={!writer}
              onChange={(event) => setScore(event.target.value)}
              aria-invalid={scoreError ? true : undefined}
              aria-describedby="quality-min-score-help"
              className={`${fieldClass} max-w-32`}
            />
            <p
              id="quality-min-score-help"
              className={`mt-1 text-xs ${scoreError ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
            >
              {scoreError ?? 'From 0 to 100 (70 unless you change it); 0 lets every post through.'}
            </p>
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={holdClaims}
              disabled={!writer}
              onChange={(event) => setHoldClaims(event.target.checked)}
              className="mt-1"
            />
            <span>
              <span className="font-medium">Hold back posts with unsupported or copied claims</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                A claim its cited source does not back, or 8 or more words taken from a source without quotation marks,
                keeps the post a draft.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={disclosure}
              disabled={!writer}
              onChange={(event) => setDisclosure(event.target.checked)}
              className="mt-1"
            />
            <span>
              <span className="font-medium">Show an “AI-assisted” note on posts a run wrote</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                Off unless you turn it on. Your blog then shows “{AI_NOTE_TEXT}” under the title, and says the same in
                the page's structured data.
              </span>
            </span>
          </label>
          {writer ? (
            <div>
              <button type="submit" disabled={!dirty || busy} className={primaryButton}>
                {busy ? 'Saving...' : 'Save quality settings'}
              </button>
            </div>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Only owners and editors can change these.</p>
          )}
        </form>
      )}
    </section>
  );
}
