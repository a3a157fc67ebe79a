import type { Db } from '../../db/sql.ts';
import { selectJsonMode, upsertJsonMode } from './queries.ts';
import { JSON_MODES, type JsonMode } from './response-format.ts';

interface Known {
  mode: JsonMode;
  /** Whether the table holds this mode (an unprobed server starts at the best mode, not yet stored). */
  stored: boolean;
}

// What each server (base URL + model) was found to accept, shared by every provider of this process; the table keeps
// it across restarts and for the other processes.
const known = new Map<string, Promise<Known>>();

/** The JSON mode of one server and model: the best one until a request in it is refused, then the one that worked. */
export interface JsonModeMemory {
  current(): Promise<JsonMode>;
  /** A request in `mode` was answered: remember it, in memory and in the table, unless that is already so. */
  worked(mode: JsonMode): Promise<void>;
}

/** The memory for a server and model, read from the table on first use in this process. */
export function jsonModeMemory(sql: Db, baseUrl: string, model: string): JsonModeMemory {
  const key = `${baseUrl}\n${model}`;
  const load = () => {
    let entry = known.get(key);
    if (!entry) {
      entry = selectJsonMode(sql, baseUrl, model).then((mode) => ({ mode: mode ?? JSON_MODES[0], stored: !!mode }));
      entry.catch(() => known.delete(key)); // a failed read is tried again next time
      known.set(key, entry);
    }
    return entry;
  };
  return {
    current: async () => (await load()).mode,
    async worked(mode) {
      const entry = await load();
      if (entry.stored && entry.mode === mode) return;
      await upsertJsonMode(sql, baseUrl, model, mode);
      known.set(key, Promise.resolve({ mode, stored: true }));
    },
  };
}
