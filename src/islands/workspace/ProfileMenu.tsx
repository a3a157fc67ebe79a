import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { $session, avatarInitials, signOut } from '../../lib/auth/session.ts';
import { navigate } from '../../lib/stores/router.ts';

/** Spec §2.2: Profile, API Keys, Settings, Log out. */
const LINKS = [
  { label: 'Profile', href: '/settings?tab=profile' },
  { label: 'API Keys', href: '/settings?tab=api-key' },
  { label: 'Settings', href: '/settings' },
];

const itemClass =
  'block w-full rounded px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/** The avatar button and its menu (menu-button pattern: arrows, Home/End, Esc returns focus). */
export function ProfileMenu() {
  const user = useStore($session).user;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function onMenuKey(event: KeyboardEvent) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      list[((moves[event.key] ?? 0) + list.length) % list.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  function go(href: string) {
    close(false);
    navigate(href);
  }

  async function logOut() {
    close(false);
    await signOut(); // the cleared session makes the guard send the visitor to /
  }

  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.email || '';
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="profile-menu"
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => event.key === 'ArrowDown' && (event.preventDefault(), setOpen(true))}
        className="grid size-9 place-items-center overflow-hidden rounded-full bg-brand-600 text-xs font-semibold text-white"
      >
        {user?.avatar_url ? (
          <img src={user.avatar_url} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
        ) : (
          <span aria-hidden="true">{avatarInitials(user)}</span>
        )}
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div
          ref={menu}
          id="profile-menu"
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKey}
          className="absolute right-0 z-30 mt-2 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div role="none" className="border-b border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
            <p className="truncate font-medium">{name}</p>
            <p className="truncate text-slate-600 dark:text-slate-400">{user?.email}</p>
          </div>
          {LINKS.map((link) => (
            <a
              key={link.label}
              role="menuitem"
              tabIndex={-1}
              href={link.href}
              onClick={(event) => (event.preventDefault(), go(link.href))}
              className={itemClass}
            >
              {link.label}
            </a>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={logOut}
            className={`${itemClass} border-t border-slate-200 dark:border-slate-700`}
          >
            Log out
          </button>
        </div>
      )}
    </div>
  );
}
