import { useStore } from '@nanostores/react';
import { $theme, toggleTheme } from '../../lib/stores/theme.ts';
import { Icon } from './icons.tsx';

/** Dark/light switch, remembered under the key ThemeScript reads before first paint. */
export function ThemeToggle() {
  const theme = useStore($theme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      className="grid size-9 place-items-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
