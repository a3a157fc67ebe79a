import { useEffect, useState } from 'react';
import { fetchAutopilot, saveAutopilot } from '../../../lib/api/calendar.ts';
import { errorMessage } from '../../../lib/api/client.ts';
import type { AutopilotSettings, PublishMode } from '../../../lib/calendar/types.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton } from '../brand/ConnectWebsiteForm.tsx';

const zones = (): string[] => {
  const supported =
    (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
};

/** The project's autopilot: generate each planned entry at 09:00 in a time zone, publishing or keeping drafts. */
export function AutopilotPanel({ projectId, writable }: { projectId: string; writable: boolean }) {
  const [settings, setSettings] = useState<AutopilotSettings | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    fetchAutopilot(projectId).then(
      (value) => live && setSettings(value),
      () => live && setSettings(null),
    );
    return () => {
      live = false;
    };
  }, [projectId]);

  if (!settings) return null;
  const change = (patch: Partial<AutopilotSettings>) => setSettings({ ...settings, ...patch });

  async function save() {
    if (!settings) return;
    setSaving(true);
    try {
      setSettings(
        await saveAutopilot(projectId, {
          enabled: settings.enabled,
          time_zone: settings.time_zone,
          publish_mode: settings.publish_mode,
        }),
      );
      showToast('Autopilot settings saved.', 'success');
    } catch (error) {
      showToast(errorMessage(error, 'An error occurred.'), 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      aria-labelledby="autopilot-heading"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="autopilot-heading" className="font-medium">
        Autopilot
      </h2>
      <fieldset disabled={!writable} className="mt-2 flex flex-col gap-3 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={settings.enabled}
            onChange={(event) => change({ enabled: event.target.checked })}
          />
          Generate each planned entry at {settings.slot_time} on its day
        </label>
        <label>
          Time zone
          <select
            value={settings.time_zone}
            onChange={(event) => change({ time_zone: event.target.value })}
            className={fieldClass}
          >
            {zones().map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
        <div role="radiogroup" aria-label="When a post is generated" className="flex flex-wrap gap-4">
          {(
            [
              ['publish', 'Publish automatically'],
              ['draft', 'Keep as draft for review'],
            ] as [PublishMode, string][]
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="publish-mode"
                value={value}
                checked={settings.publish_mode === value}
                onChange={() => change({ publish_mode: value })}
              />
              {label}
            </label>
          ))}
        </div>
        {writable && (
          <div>
            <button type="button" onClick={save} disabled={saving} className={primaryButton}>
              Save autopilot
            </button>
          </div>
        )}
      </fieldset>
    </section>
  );
}
