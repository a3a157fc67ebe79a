/** Every browser storage key the product uses (spec workspace §3), in one place. */
export const STORAGE = {
  token: 'inkpilot.token',
  user: 'inkpilot.user',
  projectId: 'inkpilot.projectId',
  impersonator: 'inkpilot.impersonator',
  originalToken: 'inkpilot.originalToken',
  theme: 'inkpilot-theme', // also read by the inline script in ThemeScript.astro
  consent: 'inkpilot.consent',
} as const;

/** localStorage that never throws (private mode, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the session lasts for this page only
    }
  },
};
