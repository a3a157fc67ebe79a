import { atom } from 'nanostores';

/** Where the workspace app is: path and query of the current URL. */
export interface Location {
  pathname: string;
  search: string;
}

function current(): Location {
  if (typeof window === 'undefined') return { pathname: '/', search: '' };
  return { pathname: window.location.pathname.replace(/(.)\/+$/, '$1'), search: window.location.search };
}

export const $location = atom<Location>(current());

let listening = false;

/** Follows the browser's back and forward buttons; call once when the app mounts. */
export function listenToHistory(): void {
  $location.set(current());
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', () => $location.set(current()));
}

/** Client-side navigation inside the workspace: no page load, a new history entry. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (options.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  $location.set(current());
  if (!options.replace) window.scrollTo(0, 0);
}
