import type { SVGProps } from 'react';

/** Outline icons drawn inline (24px grid), so the workspace needs no icon package. */
const PATHS = {
  dashboard: 'M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z',
  calendar: 'M3 5h18v16H3zM3 10h18M8 3v4M16 3v4',
  blog: 'M4 4h16v16H4zM8 8h8M8 12h8M8 16h5',
  prompts: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  projects: 'M3 6h6l2 2h10v11H3z',
  workflows:
    'M5 3v6M5 15v6M19 9v6M5 9a2 2 0 1 0 0 .01M5 15a2 2 0 1 0 0 .01M19 9a2 2 0 1 0 0 .01M7 6h8a4 4 0 0 1 4 3M7 18h8a4 4 0 0 0 4-3',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  usage: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  templates: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  cta: 'M3 11l18-7-7 18-2-8z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7M18 14a6 6 0 0 1 4 7',
  audit: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  ai: 'M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  panel: 'M3 4h18v16H3zM9 4v16',
  sun: 'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10z',
  plus: 'M12 5v14M5 12h14',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M9 6l6 6-6 6',
} as const;

export type IconName = keyof typeof PATHS;

/** A decorative icon; the control around it carries the accessible name. */
export function Icon({ name, className = 'size-4', ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
