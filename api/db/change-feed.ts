import pg from 'pg';
import type { Db } from './sql.ts';

/** The channel the triggers of migration 0003 notify on. */
export const CHANGES_CHANNEL = 'inkpilot_changes';

/**
 * One stale read: `user` (key = sign-in uid), `member` (key = user id), `project` (key = project id), `api_key` (key =
 * the key's hash), `blog` (key = project id: its hosted blog changed; the project's triggers of migration 0013, and
 * the outbox's blog_cache subscriber for its posts), `plan` (key = account id: the plan it is on may have changed,
 * migration 0022), or `reset` (everything).
 */
export interface Change {
  kind: 'user' | 'member' | 'project' | 'api_key' | 'blog' | 'plan' | 'reset';
  key: string;
}

export interface ChangeFeed {
  /** True while this process listens; a cache may serve reads only then, since a change it misses is never told. */
  readonly live: boolean;
  /** Settles after the first attempt to listen, whether it succeeded or a retry is scheduled. */
  readonly ready: Promise<void>;
  /** Calls `fn` for every change, and with `reset` whenever listening stops (changes may be missed from then on). */
  subscribe: (fn: (change: Change) => void) => void;
  stop: () => Promise<void>;
}

const KINDS = new Set<string>(['user', 'member', 'project', 'api_key', 'blog', 'plan', 'reset']);
const RETRY_MS = 1000;
const RESET: Change = { kind: 'reset', key: '' };

/** Reads a payload of the triggers; anything else means "drop everything", the safe reading. */
export function parseChange(payload: string | undefined): Change {
  const text = payload ?? '';
  const at = text.indexOf(':');
  const kind = at < 0 ? text : text.slice(0, at);
  if (!KINDS.has(kind) || (kind !== 'reset' && at < 0)) return RESET;
  return { kind: kind as Change['kind'], key: at < 0 ? '' : text.slice(at + 1) };
}

/** Tells every process of a change at the commit of `tx` (the writes no trigger announces: post changes). */
export async function announceChange(
  tx: Db,
  change: { kind: Exclude<Change['kind'], 'reset'>; key: string },
): Promise<void> {
  await tx`select pg_notify(${CHANGES_CHANNEL}, ${`${change.kind}:${change.key}`})`;
}

/** Closes a client this feed no longer uses; a late socket error of it must not crash the process. */
function discard(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => {});
  return client.end().catch(() => {});
}

/**
 * Listens on a connection of its own (pg's Client, which reports a lost connection as an event) for the changes
 * Postgres announces at commit. Until it listens, and whenever that connection is down, the feed is not live and
 * caches read through; it reconnects every second.
 */
export function openChangeFeed(
  url: string,
  log: (line: string) => void = () => {},
  applicationName = 'inkpilot-changes',
): ChangeFeed {
  const subscribers: ((change: Change) => void)[] = [];
  const emit = (change: Change) => {
    for (const fn of subscribers) fn(change);
  };
  let live = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = undefined;
    void discard(current);
    if (live) emit(RESET);
    live = false;
    if (stopped) return;
    log(`change feed: ${reason}; caches read through until it listens again`);
    retry = setTimeout(() => void listen(), RETRY_MS);
  };

  async function listen(): Promise<void> {
    const current = new pg.Client({ connectionString: url, application_name: applicationName });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) emit(parseChange(message.payload));
    });
    current.on('error', (error) => lost(current, `connection error (${error.message})`));
    current.on('end', () => lost(current, 'connection closed'));
    try {
      await current.connect();
      await current.query(`listen ${CHANGES_CHANNEL}`);
      if (client === current && !stopped) live = true;
    } catch (error) {
      lost(current, `could not listen (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  const ready = listen();
  return {
    get live() {
      return live;
    },
    ready,
    subscribe: (fn) => void subscribers.push(fn),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (live) emit(RESET);
      live = false;
      if (current) await discard(current);
    },
  };
}
