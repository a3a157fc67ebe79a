import { track } from '../../lib/analytics.ts';

interface Options {
  /** Closes when a click lands outside the toggle and its panel. */
  closeOnOutsideClick?: boolean;
  /** Locks page scroll while open (slide-in menus). */
  lockScroll?: boolean;
  /** Selector of elements inside the panel that close it. */
  closers?: string;
}

/** A button with aria-controls that shows and hides its panel; Escape closes it and focus returns to the button. */
export function bindDisclosure(toggle: HTMLElement | null, options: Options = {}): void {
  const panel = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!toggle || !panel) return;
  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (options.lockScroll) document.documentElement.style.overflow = open ? 'hidden' : '';
  };
  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    setOpen(open);
    track('menu_toggle', { menu: toggle.getAttribute('aria-controls'), open });
    if (open) panel.querySelector<HTMLElement>('a, button')?.focus();
  });
  if (options.closers) {
    panel.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest(options.closers ?? '')) setOpen(false);
    });
  }
  if (options.closeOnOutsideClick) {
    document.addEventListener('click', (event) => {
      if (
        !panel.hidden &&
        event.target instanceof Node &&
        !panel.contains(event.target) &&
        !toggle.contains(event.target)
      )
        setOpen(false);
    });
  }
  if (options.lockScroll) panel.addEventListener('keydown', (event) => trapFocus(panel, event));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    setOpen(false);
    toggle.focus();
  });
}

/** Keeps Tab inside a modal panel (the slide-in menu is aria-modal). */
function trapFocus(panel: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const focusable = [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter(
    (element) => element.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
