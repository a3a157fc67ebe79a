import { hash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Sql } from '../../db/sql.ts';
import { addressFrom } from '../../lib/client-address.ts';
import { addReaders, addViews, daySalts, forgetPastReaders, type ReaderSeen, type ViewCount } from './queries.ts';
import { AHEAD_HEADERS, countryOf, type NotCounted, notAPageView, referrerHost, type VisitRequest } from './visit.ts';

/** A page the blog answered that counts as a view: a post (its id) or another page of the blog (null). */
export interface CountedPage {
  projectId: string;
  postId: string | null;
  /** The blog's verified custom domain: a reader coming from it (the customer's own site, in subpath mode) is not a referral. */
  domain: string | null;
}

/** Where counts go: one batch in one transaction, and the day salts shared by every process. */
export interface ViewStore {
  save(views: ViewCount[], readers: ReaderSeen[]): Promise<void>;
  salts(made: { day: string; salt: string }[]): Promise<Map<string, string>>;
  forgetBefore(today: string): Promise<void>;
}

/** The counter on the database. */
export function sqlViewStore(sql: Sql): ViewStore {
  return {
    save: (views, readers) =>
      sql.begin(async (tx) => {
        await addViews(tx, views);
        await addReaders(tx, readers);
      }),
    salts: (made) => daySalts(sql, made),
    forgetBefore: (today) => forgetPastReaders(sql, today),
  };
}

/** How long a view waits before it is added up: a reader found to be a burst meanwhile takes its views back. */
export const HOLD_MS = 2_000;
/** How often held views are added up and written: a crash loses at most HOLD_MS + TICK_MS of views. */
export const TICK_MS = 1_000;
/** More pages than this from one reader within one second is a program, not a person reading. */
export const BURST_PAGES = 5;
/** Readers this process remembers for the burst rule and for visitors; past it, the oldest day's memory restarts. */
const READERS_KEPT = 200_000;
const DAY_MS = 86_400_000;

interface Held {
  at: number;
  reader: string;
  day: string;
  projectId: string;
  postId: string | null;
  referrer: string;
  country: string;
}

/**
 * A page answer as it came, not yet judged: the request's headers (Node's own object on the fast path, a copy of the
 * few the judgement reads otherwise), when it came, and who sent it. Judged in a batch after the answer, never on it.
 */
interface Asked {
  at: number;
  method: string;
  headers: IncomingHttpHeaders;
  /** The reader's address when the caller knew it; else it is worked out from `peer` and X-Forwarded-For. */
  client: string | undefined;
  peer: string | undefined;
  trustedProxies: string[];
  page: CountedPage;
  host: string;
}

interface ReaderState {
  /** When its last BURST_PAGES + 1 views came, oldest first. */
  times: number[];
  burst: boolean;
}

const dayOf = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
/** Client addresses worked out from the peer and X-Forwarded-For, kept per (peer, header): a reader asks again. */
const ADDRESSES_KEPT = 50_000;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * Counts the hosted blogs' page views in this process without slowing the page: a request only leaves its headers,
 * time and peer in a list; once the event loop is free (setImmediate, or the next tick at the latest) each is judged
 * in arrival order (visit.ts), its reader hashed with the day's salt (address + user agent; the address is never
 * kept), and the view held HOLD_MS, added up in memory per day, page, referrer host and country, and written in one
 * batch each TICK_MS with upserts. A reader asking for more than BURST_PAGES pages in a second is a program: its held views are dropped
 * and nothing more of it is counted that day.
 */
export class PageViewCounter {
  private readonly store: ViewStore;
  private readonly countryHeaders: readonly string[];
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private held: Held[] = [];
  private asked: Asked[] = [];
  private judging: NodeJS.Immediate | undefined;
  private readonly judgeAll = () => this.judge();
  /** The headers being judged, read through `visit` without a closure per request. */
  private current: IncomingHttpHeaders = {};
  private readonly visit: VisitRequest = {
    method: 'GET',
    header: (name) => one(this.current[name]),
    client: '',
  };
  private readonly addresses = new Map<string, string>();
  private dayStart = 0;
  private dayEnd = 0;
  private day = '';
  private readonly readers = new Map<string, ReaderState>();
  private views = new Map<string, ViewCount>();
  private seen = new Map<string, ReaderSeen>();
  /** Readers of the day this process has already written (the database counts each once anyway). */
  private readonly written = new Set<string>();
  private readonly salts = new Map<string, string>();
  private today = '';
  private forgotten = '';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failing = false;
  /** What this process counted and why it did not count the rest, since it started. */
  readonly tally: Record<'counted' | NotCounted, number> = {
    counted: 0,
    head: 0,
    no_agent: 0,
    bot_agent: 0,
    no_language: 0,
    prefetch: 0,
    burst: 0,
  };

  constructor(options: {
    store: ViewStore;
    countryHeaders: readonly string[];
    now?: () => number;
    log?: (line: string) => void;
  }) {
    this.store = options.store;
    this.countryHeaders = options.countryHeaders;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
  }

  /** Loads today's and tomorrow's salts, then adds up and writes every TICK_MS until stop(). */
  async start(): Promise<void> {
    await this.loadSalts().catch((error: unknown) =>
      this.log(`blog page views: no day salt from the database yet, using this process's own (${String(error)})`),
    );
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Writes everything held (the process is stopping: a burst found later can no longer take it back). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.tick(Number.POSITIVE_INFINITY);
  }

  /**
   * One page answer from Node's request on the blog's fast path (after the answer is written): its headers object,
   * peer and time are kept as they are and judged later. Never throws, never waits.
   */
  recordNode(request: IncomingMessage, page: CountedPage, blogHost: string, trustedProxies: string[]): void {
    this.asked.push({
      at: this.now(),
      method: request.method ?? 'GET',
      headers: request.headers,
      client: undefined,
      peer: request.socket.remoteAddress,
      trustedProxies,
      page,
      host: blogHost,
    });
    this.judging ??= setImmediate(this.judgeAll);
  }

  /** One page answer, from any request: the few headers the judgement reads are copied, then judged later. */
  record(request: VisitRequest, page: CountedPage, blogHost: string): void {
    const headers: IncomingHttpHeaders = {};
    for (const name of ['user-agent', 'accept-language', 'referer', ...AHEAD_HEADERS, ...this.countryHeaders]) {
      const value = request.header(name);
      if (value !== undefined) headers[name] = value;
    }
    this.asked.push({
      at: this.now(),
      method: request.method,
      headers,
      client: request.client,
      peer: undefined,
      trustedProxies: [],
      page,
      host: blogHost,
    });
    this.judging ??= setImmediate(this.judgeAll);
  }

  /** Judges every answer asked so far, in the order they came (the burst rule depends on it). */
  private judge(): void {
    if (this.judging) clearImmediate(this.judging);
    this.judging = undefined;
    const asked = this.asked;
    if (asked.length === 0) return;
    this.asked = [];
    for (const entry of asked) this.judgeOne(entry);
    this.current = {};
  }

  private judgeOne(entry: Asked): void {
    this.current = entry.headers;
    const visit = this.visit;
    visit.method = entry.method;
    const refused = notAPageView(visit);
    if (refused) {
      this.tally[refused]++;
      return;
    }
    const at = entry.at;
    const day = this.dayAt(at);
    if (day !== this.today) this.newDay(day);
    const agent = one(entry.headers['user-agent']) ?? '';
    const client = entry.client ?? this.addressOf(entry.peer, entry.headers['x-forwarded-for'], entry.trustedProxies);
    const reader = hash('sha256', `${this.saltOf(day)}\n${client}\n${agent}`, 'base64url').slice(0, 22);
    let state = this.readers.get(reader);
    if (!state) {
      if (this.readers.size >= READERS_KEPT) this.readers.clear();
      state = { times: [], burst: false };
      this.readers.set(reader, state);
    }
    if (state.burst) {
      this.tally.burst++;
      return;
    }
    state.times.push(at);
    if (state.times.length > BURST_PAGES) {
      const first = state.times.shift() ?? at;
      if (at - first < 1_000) {
        state.burst = true;
        this.tally.burst++;
        return;
      }
    }
    this.held.push({
      at,
      reader,
      day,
      projectId: entry.page.projectId,
      postId: entry.page.postId,
      referrer: referrerHost(visit.header('referer'), entry.host, entry.page.domain),
      country: countryOf(visit.header, this.countryHeaders),
    });
  }

  /** The client address as clientAddress reads it (the peer, or X-Forwarded-For from a trusted proxy), remembered. */
  private addressOf(peer: string | undefined, forwarded: string | string[] | undefined, trusted: string[]): string {
    if (trusted.length === 0) return peer ?? '';
    const forwardedFor = one(forwarded);
    const key = `${peer}|${forwardedFor}`;
    let address = this.addresses.get(key);
    if (address === undefined) {
      address = addressFrom(peer, forwardedFor, trusted);
      if (this.addresses.size >= ADDRESSES_KEPT) this.addresses.clear();
      this.addresses.set(key, address);
    }
    return address;
  }

  /** The UTC day of a time, from the day this process saw last (a Date only when the day changes). */
  private dayAt(ms: number): string {
    if (ms >= this.dayStart && ms < this.dayEnd) return this.day;
    this.dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
    this.dayEnd = this.dayStart + DAY_MS;
    this.day = dayOf(ms);
    return this.day;
  }

  /**
   * Adds up the views held at least HOLD_MS (all of them when `until` is infinite) whose reader is not a burst, and
   * writes the sums. A write that fails keeps them for the next tick.
   */
  tick(until = this.now() - HOLD_MS): Promise<void> {
    const previous = this.running ?? Promise.resolve();
    const next = previous.then(() => this.settle(until));
    this.running = next.finally(() => {
      if (this.running === next) this.running = undefined;
    });
    return next;
  }

  private async settle(until: number): Promise<void> {
    this.judge();
    let kept = 0;
    for (const view of this.held) {
      if (view.at > until) {
        this.held[kept++] = view;
        continue;
      }
      if (this.readers.get(view.reader)?.burst) {
        this.tally.burst++;
        continue;
      }
      this.tally.counted++;
      this.add(view);
    }
    this.held.length = kept;
    const today = dayOf(this.now());
    if (today !== this.today) this.newDay(today);
    await this.write();
    if (this.forgotten !== today || !this.salts.has(dayOf(this.now() + DAY_MS))) {
      await this.loadSalts().catch(() => undefined);
    }
  }

  private add(view: Held): void {
    const key = `${view.day}|${view.projectId}|${view.postId ?? ''}|${view.referrer}|${view.country}`;
    const sum = this.views.get(key);
    if (sum) sum.views++;
    else
      this.views.set(key, {
        project_id: view.projectId,
        day: view.day,
        post_id: view.postId,
        referrer_host: view.referrer,
        country: view.country,
        views: 1,
      });
    for (const postId of view.postId ? [null, view.postId] : [null]) {
      const seenKey = `${view.day}|${view.projectId}|${postId ?? ''}|${view.reader}`;
      if (this.written.has(seenKey) || this.seen.has(seenKey)) continue;
      this.seen.set(seenKey, { project_id: view.projectId, day: view.day, post_id: postId, reader: view.reader });
    }
  }

  private async write(): Promise<void> {
    if (this.views.size === 0 && this.seen.size === 0) return;
    const views = this.views;
    const seen = this.seen;
    this.views = new Map();
    this.seen = new Map();
    try {
      await this.store.save([...views.values()], [...seen.values()]);
      if (this.failing) this.log('blog page views: written again');
      this.failing = false;
      if (this.written.size + seen.size > READERS_KEPT) this.written.clear();
      for (const [key, row] of seen) if (row.day === this.today) this.written.add(key);
    } catch (error) {
      // Keep what could not be written and add it to what comes next.
      for (const [key, row] of views) {
        const sum = this.views.get(key);
        if (sum) sum.views += row.views;
        else this.views.set(key, row);
      }
      for (const [key, row] of seen) if (!this.seen.has(key)) this.seen.set(key, row);
      if (!this.failing) this.log(`blog page views: could not be written, kept to try again (${String(error)})`);
      this.failing = true;
    }
  }

  /** A new day: the readers of the old one are forgotten (their hashes mean nothing under the new salt). */
  private newDay(day: string): void {
    this.today = day;
    this.readers.clear();
    this.written.clear();
  }

  /** Today's and tomorrow's salts from the database (made there if missing); the past days' salts and readers go. */
  private async loadSalts(): Promise<void> {
    const today = dayOf(this.now());
    const days = [today, dayOf(this.now() + DAY_MS)];
    const found = await this.store.salts(days.map((day) => ({ day, salt: randomBytes(32).toString('base64url') })));
    for (const [day, salt] of found) this.salts.set(day, salt);
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    if (this.forgotten !== today) {
      await this.store.forgetBefore(today);
      this.forgotten = today;
    }
  }

  /**
   * The day's salt; when the database could not give one (it was down at midnight), a salt of this process alone,
   * never stored: readers are then told apart within this process only.
   */
  private saltOf(day: string): string {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = randomBytes(32).toString('base64url');
      this.salts.set(day, salt);
    }
    return salt;
  }
}
