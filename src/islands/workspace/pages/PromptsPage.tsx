import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $brandTask, runBrandTask } from '../../../lib/stores/brandTask.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { BrandProgress } from '../brand/BrandProgress.tsx';
import { ConnectWebsiteDialog } from '../brand/ConnectWebsiteDialog.tsx';
import { primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { ExampleArticlesPanel } from '../prompts/ExampleArticlesPanel.tsx';
import { GuideEditor } from '../prompts/GuideEditor.tsx';
import { GuideList } from '../prompts/GuideList.tsx';
import { GuideVoice } from '../prompts/GuideVoice.tsx';
import { ManualGuideForm } from '../prompts/ManualGuideForm.tsx';
import { $projectPrompts } from '../prompts/promptStores.ts';
import { canWrite } from '../roles.ts';

/** Prompts: the selected project's style guides — list, read, edit, set default, regenerate, create manually. */
export default function PromptsPage() {
  const project = useStore($selectedProject);
  const { data, loading, error } = useStore($projectPrompts);
  const task = useStore($brandTask);
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const writable = canWrite(project?.role);
  const prompts = data?.items ?? [];
  const running = Boolean(project) && task.projectId === project?.id && task.phase === 'running';
  const selected =
    prompts.find((prompt) => prompt.id === chosen) ?? prompts.find((prompt) => prompt.is_default) ?? prompts[0] ?? null;

  async function regenerate() {
    if (!project?.brand_url) return;
    const prompt = await runBrandTask(project.id, project.brand_url);
    if (prompt) setChosen(prompt.id);
  }

  const actions = writable && project && (
    <div className="flex flex-wrap gap-2">
      {project.brand_url ? (
        <button type="button" onClick={regenerate} disabled={running} className={secondaryButton}>
          Regenerate from website
        </button>
      ) : (
        <button type="button" onClick={() => setConnecting(true)} disabled={running} className={secondaryButton}>
          Connect Website
        </button>
      )}
      <button type="button" onClick={() => setCreating(true)} disabled={creating} className={primaryButton}>
        New style guide
      </button>
    </div>
  );

  return (
    <PageFrame title="Prompts" lead="Style guides that shape how your posts are written.">
      {actions}
      {project && !connecting && <BrandProgress projectId={project.id} />}
      {connecting && project && <ConnectWebsiteDialog projectId={project.id} onClose={() => setConnecting(false)} />}
      {creating && project && (
        <ManualGuideForm
          projectId={project.id}
          onCancel={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setChosen(id);
          }}
        />
      )}
      {writable && project && <ExampleArticlesPanel project={project} onGuide={setChosen} />}
      {!project ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Select a project to see its style guides.</p>
      ) : loading && !data ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading style guides...</p>
      ) : error && !data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load the style guides. Reload the page to try again.
        </p>
      ) : prompts.length === 0 ? (
        <EmptyState title="No style guides yet">
          {writable
            ? 'Connect your website and Inkpilot writes a brand guide in your voice, or create one manually from a few keywords.'
            : "This project has no style guide yet. Its owners and editors can connect the project's website to create one."}
        </EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <GuideList prompts={prompts} selectedId={selected?.id ?? null} onSelect={setChosen} />
          {selected && (
            <div className="flex min-w-0 flex-col gap-4">
              <GuideEditor key={selected.id} prompt={selected} writable={writable} />
              <GuideVoice prompt={selected} writable={writable} />
            </div>
          )}
        </div>
      )}
    </PageFrame>
  );
}
