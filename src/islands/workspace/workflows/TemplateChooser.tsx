import { useStore } from '@nanostores/react';
import { errorMessage } from '../../../lib/api/client.ts';
import { createWorkflow } from '../../../lib/api/workflows.ts';
import { navigate } from '../../../lib/stores/router.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { headingClass, panelClass, secondaryButton } from './styles.ts';
import { $templates, revalidateWorkflows } from './workflowStores.ts';

/** Copies a template into the selected project and opens the copy in the builder. */
export async function copyTemplate(projectId: string, templateId: string): Promise<void> {
  try {
    const workflow = await createWorkflow(projectId, { template_id: templateId });
    revalidateWorkflows();
    showToast('Template copied into the project.', 'success');
    navigate(`/workflows/${workflow.id}`);
  } catch (error) {
    showToast(errorMessage(error, 'An error occurred.'), 'error');
  }
}

/** Published templates, each copied into the project by "Use template". */
export function TemplateChooser({ projectId }: { projectId: string }) {
  const { data } = useStore($templates);
  const published = (data ?? []).filter((template) => template.is_published);
  if (!published.length) return null;
  return (
    <section aria-labelledby="template-chooser-heading" className={panelClass}>
      <h2 id="template-chooser-heading" className={headingClass}>
        Start from a template
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {published.map((template) => (
          <li key={template.id} className="flex items-center justify-between gap-2 text-sm">
            <span>
              <span className="font-medium">{template.name}</span>
              {template.description && (
                <span className="text-slate-600 dark:text-slate-400"> · {template.description}</span>
              )}
            </span>
            <button
              type="button"
              onClick={() => void copyTemplate(projectId, template.id)}
              className={secondaryButton}
              aria-label={`Use template ${template.name}`}
            >
              Use template
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
