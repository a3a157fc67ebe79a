import { useStore } from '@nanostores/react';
import { useRef, type KeyboardEvent } from 'react';
import { $location, navigate } from '../../../lib/stores/router.ts';
import { PageFrame } from '../PageFrame.tsx';
import { ApiKeysTab } from '../settings/ApiKeysTab.tsx';
import { ProfileTab } from '../settings/ProfileTab.tsx';

/** Spec §2.1: the settings screen starts on ?tab=profile or ?tab=api-key. */
const TABS = [
  { id: 'profile', label: 'Profile', Panel: ProfileTab },
  { id: 'api-key', label: 'API Keys', Panel: ApiKeysTab },
] as const;

/** My Account: Profile and API Keys tabs (WAI-ARIA tabs: arrows move between them). */
export default function SettingsPage() {
  const { search } = useStore($location);
  const requested = new URLSearchParams(search).get('tab');
  const active = TABS.find((tab) => tab.id === requested) ?? TABS[0];
  const tabs = useRef<HTMLDivElement>(null);

  function choose(id: string, focus = false) {
    navigate(`/settings?tab=${id}`, { replace: true });
    if (focus) tabs.current?.querySelector<HTMLElement>(`#settings-tab-${id}`)?.focus();
  }

  function onKey(event: KeyboardEvent) {
    const index = TABS.findIndex((tab) => tab.id === active.id);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = TABS[((moves[event.key] ?? 0) + TABS.length) % TABS.length];
    if (next) choose(next.id, true);
  }

  return (
    <PageFrame title="Settings" lead="Your account and access to the API.">
      <div
        ref={tabs}
        role="tablist"
        aria-label="Settings"
        onKeyDown={onKey}
        className="flex gap-1 border-b border-slate-200 dark:border-slate-800"
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            id={`settings-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === active.id}
            aria-controls={`settings-panel-${tab.id}`}
            tabIndex={tab.id === active.id ? 0 : -1}
            onClick={() => choose(tab.id)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab.id === active.id ? 'border-brand-600 text-brand-700 dark:border-brand-500 dark:text-brand-100' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`settings-panel-${active.id}`}
        role="tabpanel"
        aria-labelledby={`settings-tab-${active.id}`}
        tabIndex={0}
      >
        <active.Panel />
      </div>
    </PageFrame>
  );
}
