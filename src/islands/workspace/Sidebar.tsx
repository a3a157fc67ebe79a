import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $sheetOpen, $sidebarOpen, MOBILE_QUERY, setSheetOpen } from '../../lib/stores/sidebar.ts';
import { Icon } from './icons.tsx';
import { SidebarNav } from './SidebarNav.tsx';
import { useMediaQuery } from './useMediaQuery.ts';

export const SIDEBAR_ID = 'workspace-sidebar';

/** Desktop sidebar (16rem, or 3rem collapsed); under 768px the same entries live in a modal sheet (18rem). */
export function Sidebar() {
  const open = useStore($sidebarOpen);
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (mobile) return <SidebarSheet />;
  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      className={`sticky top-0 h-screen shrink-0 overflow-y-auto overflow-x-hidden border-r border-slate-200 bg-slate-50 transition-[width] duration-200 motion-reduce:transition-none dark:border-slate-800 dark:bg-slate-900 ${open ? 'w-64' : 'w-12'}`}
    >
      <SidebarNav collapsed={!open} />
    </aside>
  );
}

/** The mobile sheet: a native modal dialog, so Esc, focus containment and the backdrop come from the browser. */
function SidebarSheet() {
  const open = useStore($sheetOpen);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  useEffect(() => () => setSheetOpen(false), []);

  return (
    <dialog
      ref={dialog}
      id={SIDEBAR_ID}
      aria-label="Navigation"
      onClose={() => setSheetOpen(false)}
      onClick={(event) => event.target === dialog.current && setSheetOpen(false)}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="relative h-full">
        <button
          type="button"
          onClick={() => setSheetOpen(false)}
          aria-label="Close navigation"
          className="absolute top-3 right-2 grid size-9 place-items-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <Icon name="close" />
        </button>
        <SidebarNav collapsed={false} onNavigate={() => setSheetOpen(false)} />
      </div>
    </dialog>
  );
}
