import { atom } from 'nanostores';
import { STORAGE, storage } from '../storage-keys.ts';

export type Theme = 'light' | 'dark';

function initial(): Theme {
  if (typeof document === 'undefined') return 'light';
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** The theme ThemeScript applied before first paint, kept in sync with the html class. */
export const $theme = atom<Theme>(initial());

/** Switches dark/light and remembers it under the same key ThemeScript reads. */
export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  storage.set(STORAGE.theme, theme);
  $theme.set(theme);
}

/** Flips between dark and light. */
export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}
