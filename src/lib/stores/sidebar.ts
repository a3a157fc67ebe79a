import { atom } from 'nanostores';

/** Spec §9: the collapsed state is remembered in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
/** Spec §9: under 768px the sidebar is a sheet; at 1280px or wider it starts open. */
export const MOBILE_QUERY = '(max-width: 767.98px)';
export const WIDE_QUERY = '(min-width: 1280px)';

function readCookie(): boolean | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE}=(true|false)`));
  return match ? match[1] === 'true' : null;
}

function initialOpen(): boolean {
  if (typeof window === 'undefined') return true;
  return readCookie() ?? window.matchMedia(WIDE_QUERY).matches;
}

/** Desktop sidebar: expanded (16rem) or collapsed to icons (3rem). */
export const $sidebarOpen = atom<boolean>(initialOpen());
/** Mobile sheet: shown over the page or not. */
export const $sheetOpen = atom<boolean>(false);

/** Expands or collapses the desktop sidebar and remembers the choice. */
export function setSidebarOpen(open: boolean): void {
  $sidebarOpen.set(open);
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

/** Opens or closes the mobile sheet (not remembered: it is a transient overlay). */
export function setSheetOpen(open: boolean): void {
  $sheetOpen.set(open);
}

/** The sidebar toggle (button and Ctrl/Cmd+b): the sheet on small screens, the sidebar otherwise. */
export function toggleSidebar(): void {
  if (window.matchMedia(MOBILE_QUERY).matches) setSheetOpen(!$sheetOpen.get());
  else setSidebarOpen(!$sidebarOpen.get());
}
