import { atom, computed } from 'nanostores';
import {
  deleteProject as sendDelete,
  fetchProjects,
  patchProject,
  postProject,
  type Project,
} from '../api/projects.ts';
import { DEFAULT_PROJECT_NAME } from '../projects/types.ts';
import { STORAGE, storage } from '../storage-keys.ts';
import { showToast } from './toasts.ts';

/** Spec §9: the project a user without any gets. */
export const DEFAULT_PROJECT = { name: DEFAULT_PROJECT_NAME, description: 'Your first project' } as const;

export interface ProjectsState {
  status: 'loading' | 'ready' | 'error';
  list: Project[];
}

export const $projects = atom<ProjectsState>({ status: 'loading', list: [] });
export const $selectedProjectId = atom<string | null>(null);
export const $selectedProject = computed(
  [$projects, $selectedProjectId],
  (projects, id) => projects.list.find((project) => project.id === id) ?? null,
);

/** Makes a project the selected one and remembers it for the next visit. */
export function selectProject(id: string): void {
  $selectedProjectId.set(id);
  storage.set(STORAGE.projectId, id);
}

/** Spec §4: the stored id only when it is in the list, otherwise the first project. */
function pickSelection(list: Project[]): void {
  const stored = storage.get(STORAGE.projectId);
  const chosen = list.find((project) => project.id === stored) ?? list[0];
  if (chosen) selectProject(chosen.id);
  else $selectedProjectId.set(null);
}

async function autoCreate(): Promise<Project[]> {
  try {
    const project = await postProject({ ...DEFAULT_PROJECT });
    showToast(`${DEFAULT_PROJECT.name} created!`, 'success');
    return [project];
  } catch {
    showToast('Failed to auto-create project.', 'error');
    return [];
  }
}

let pending: Promise<void> | null = null;

/** Loads the caller's projects, creating the default one for a user who has none, then picks the selection. */
export function loadProjects(): Promise<void> {
  pending ??= (async () => {
    $projects.set({ status: 'loading', list: $projects.get().list });
    try {
      const fetched = await fetchProjects();
      const list = fetched.length ? fetched : await autoCreate();
      $projects.set({ status: 'ready', list });
      pickSelection(list);
    } catch {
      $projects.set({ status: 'error', list: [] });
    }
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/** Creates a project (errors propagate to the form), adds it to the list and selects it. */
export async function createProject(input: { name: string; description: string; language?: string }): Promise<Project> {
  const project = await postProject(input);
  $projects.set({ status: 'ready', list: [...$projects.get().list, project] });
  selectProject(project.id);
  return project;
}

/**
 * Deletes a project (errors propagate to the dialog), then reloads the list: the selection moves to another project,
 * or to a new "Untitled Project" when none is left (spec §9), as on sign-in.
 */
export async function deleteProject(project: Pick<Project, 'id' | 'name'>, confirmName: string): Promise<void> {
  await sendDelete(project.id, confirmName);
  $projects.set({ status: 'ready', list: $projects.get().list.filter((row) => row.id !== project.id) });
  await loadProjects();
}

/**
 * Renames a project or sets its language (errors propagate to the form) and puts the saved project in the list.
 */
export async function renameProject(
  id: string,
  input: { name?: string; description?: string; language?: string },
): Promise<Project> {
  const saved = await patchProject(id, input);
  const state = $projects.get();
  $projects.set({ ...state, list: state.list.map((project) => (project.id === id ? saved : project)) });
  return saved;
}
