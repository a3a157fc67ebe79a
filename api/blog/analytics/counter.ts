import { hash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Sql } from '../../db/sql.ts';
import { addressFrom } from '../../lib/client-address.ts';
import { addReaders, addViews, daySalts, forgetPastReaders, type ReaderSeen, type ViewCount } from './queries.ts';
import {
  AHEAD_HEADERS,
  countryOf,
  isBotAgent,
  type NotCounted,
  notAskedAsAPerson,
  refererHostName,
  referrerOf,
  type VisitRequest,
} from './visit.ts';

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

/** A reader of one day: its salted hash, its last views' times (the burst rule) and what it was counted as seen on. */
interface Reader {
  hash: string;
  /** When its last BURST_PAGES + 1 views came, oldest first. */
  times: number[];
  burst: boolean;
  /** The projects (blog-wide) and posts this reader was already recorded as a reader of, that day. */
  seen: Set<string>;
}

/**
 * What is known of one sender (peer, X-Forwarded-For and user agent, as they came): whether its agent is a bot, and
 * which reader of the day it is. Readers come back page after page, so a view costs one lookup, not a hash.
 */
interface Sender {
  bot: boolean;
  reader: Reader | undefined;
}

const dayOf = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
/** Referer host names kept parsed. */
const REFERERS_KEPT = 10_000;

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
  /**
   * The views judged and held, oldest first, as parallel columns: a view held HOLD_MS is a few slots in arrays that
   * live as long as the counter, not an object of its own that the garbage collector copies until it is written.
   */
  private readonly heldAt: number[] = [];
  private readonly heldDay: string[] = [];
  private readonly heldReader: Reader[] = [];
  private readonly heldPage: CountedPage[] = [];
  private readonly heldReferrer: string[] = [];
  private readonly heldCountry: string[] = [];
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
  /** Senders by peer (or the caller's client address), X-Forwarded-For as trusted ('' otherwise) and user agent. */
  private readonly senders = new Map<string, Map<string, Map<string, Sender>>>();
  private sendersKept = 0;
  /** Referer host names parsed so far (a blog's readers come from few places). */
  private readonly refererHosts = new Map<string, string>();
  private dayStart = 0;
  private dayEnd = 0;
  private day = '';
  /** The day's readers by hash: senders that are one reader (one address, several proxies' paths) share its state. */
  private readonly readers = new Map<string, Reader>();
  /** Views added up since the last write: per page (as the cache holds it), then per day, referrer host and country. */
  private views = new Map<CountedPage, Map<string, ViewCount>>();
  private seen: ReaderSeen[] = [];
  /** Views a failed write could not store, added to the next. */
  private unwritten: ViewCount[] = [];
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
    const headers = entry.headers;
    this.current = headers;
    const visit = this.visit;
    visit.method = entry.method;
    const refused = notAskedAsAPerson(visit);
    if (refused) {
      this.tally[refused]++;
      return;
    }
    const at = entry.at;
    const day = this.dayAt(at);
    if (day !== this.today) this.newDay(day);
    const agent = one(headers['user-agent']) ?? '';
    const forwardedFor = entry.trustedProxies.length > 0 ? one(headers['x-forwarded-for']) : undefined;
    // Looked up by its parts, not by one key made of them: a request's strings are new each time, and joining them
    // would copy them all before hashing.
    const from = entry.client ?? entry.peer ?? '';
    let byPath = this.senders.get(from);
    if (!byPath) this.senders.set(from, (byPath = new Map()));
    let byAgent = byPath.get(forwardedFor ?? '');
    if (!byAgent) byPath.set(forwardedFor ?? '', (byAgent = new Map()));
    let sender = byAgent.get(agent);
    if (!sender) {
      sender = this.senderOf(entry, forwardedFor, agent, day);
      if (++this.sendersKept > READERS_KEPT) {
        this.senders.clear();
        this.sendersKept = 0;
      }
      byAgent.set(agent, sender);
    }
    const reader = sender.reader;
    if (!reader) {
      this.tally.bot_agent++;
      return;
    }
    if (reader.burst) {
      this.tally.burst++;
      return;
    }
    const times = reader.times;
    times.push(at);
    if (times.length > BURST_PAGES) {
      const first = times.shift() ?? at;
      if (at - first < 1_000) {
        reader.burst = true;
        this.tally.burst++;
        return;
      }
    }
    const referer = one(headers.referer);
    this.heldAt.push(at);
    this.heldDay.push(day);
    this.heldReader.push(reader);
    this.heldPage.push(entry.page);
    this.heldReferrer.push(referer ? referrerOf(this.refererHost(referer), entry.host, entry.page.domain) : '');
    this.heldCountry.push(this.countryHeaders.length > 0 ? countryOf(visit.header, this.countryHeaders) : '');
  }

  /** A sender seen for the first time today: its agent judged, its reader hashed with the day's salt. */
  private senderOf(entry: Asked, forwardedFor: string | undefined, agent: string, day: string): Sender {
    if (isBotAgent(agent)) return { bot: true, reader: undefined };
    const client =
      entry.client ??
      (entry.trustedProxies.length === 0
        ? (entry.peer ?? '')
        : addressFrom(entry.peer, forwardedFor, entry.trustedProxies));
    const digest = hash('sha256', `${this.saltOf(day)}\n${client}\n${agent}`, 'base64url').slice(0, 22);
    let reader = this.readers.get(digest);
    if (!reader) {
      if (this.readers.size >= READERS_KEPT) {
        this.readers.clear();
        this.senders.clear();
        this.sendersKept = 0;
      }
      reader = { hash: digest, times: [], burst: false, seen: new Set() };
      this.readers.set(digest, reader);
    }
    return { bot: false, reader };
  }

  /** A Referer's host name, remembered. */
  private refererHost(referer: string): string {
    let host = this.refererHosts.get(referer);
    if (host === undefined) {
      host = refererHostName(referer);
      if (this.refererHosts.size >= REFERERS_KEPT) this.refererHosts.clear();
      this.refererHosts.set(referer, host);
    }
    return host;
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
    const at = this.heldAt;
    let due = 0;
    while (due < at.length && (at[due] ?? 0) <= until) due++;
    for (let index = 0; index < due; index++) {
      const reader = this.heldReader[index] as Reader;
      if (reader.burst) {
        this.tally.burst++;
        continue;
      }
      this.tally.counted++;
      this.add(
        this.heldDay[index] as string,
        reader,
        this.heldPage[index] as CountedPage,
        this.heldReferrer[index] as string,
        this.heldCountry[index] as string,
      );
    }
    for (const column of [at, this.heldDay, this.heldReader, this.heldPage, this.heldReferrer, this.heldCountry])
      column.splice(0, due);
    const today = dayOf(this.now());
    if (today !== this.today) this.newDay(today);
    await this.write();
    if (this.forgotten !== today || !this.salts.has(dayOf(this.now() + DAY_MS))) {
      await this.loadSalts().catch(() => undefined);
    }
  }

  private add(day: string, reader: Reader, page: CountedPage, referrer: string, country: string): void {
    let sums = this.views.get(page);
    if (!sums) this.views.set(page, (sums = new Map()));
    const key = referrer === '' && country === '' ? day : `${day}|${referrer}|${country}`;
    const sum = sums.get(key);
    if (sum) sum.views++;
    else
      sums.set(key, {
        project_id: page.projectId,
        day,
        post_id: page.postId,
        referrer_host: referrer,
        country,
        views: 1,
      });
    // A reader is recorded once a day for the blog (its project) and once for each post it read.
    if (!reader.seen.has(page.projectId)) {
      reader.seen.add(page.projectId);
      this.seen.push({ project_id: page.projectId, day, post_id: null, reader: reader.hash });
    }
    if (page.postId && !reader.seen.has(page.postId)) {
      reader.seen.add(page.postId);
      this.seen.push({ project_id: page.projectId, day, post_id: page.postId, reader: reader.hash });
    }
  }

  private async write(): Promise<void> {
    if (this.views.size === 0 && this.seen.length === 0 && this.unwritten.length === 0) return;
    // One row per day, project, page, referrer host and country, however many cached pages (or failed writes) it came from.
    const rows = new Map<string, ViewCount>();
    const addRow = (row: ViewCount) => {
      const key = `${row.day}|${row.project_id}|${row.post_id ?? ''}|${row.referrer_host}|${row.country}`;
      const sum = rows.get(key);
      if (sum) sum.views += row.views;
      else rows.set(key, row);
    };
    for (const row of this.unwritten) addRow(row);
    for (const sums of this.views.values()) for (const row of sums.values()) addRow(row);
    const views = [...rows.values()];
    const seen = this.seen;
    this.views = new Map();
    this.seen = [];
    this.unwritten = [];
    try {
      await this.store.save(views, seen);
      if (this.failing) this.log('blog page views: written again');
      this.failing = false;
    } catch (error) {
      // Keep what could not be written and add it to what comes next.
      this.unwritten = views;
      this.seen = seen.concat(this.seen);
      if (!this.failing) this.log(`blog page views: could not be written, kept to try again (${String(error)})`);
      this.failing = true;
    }
  }

  /** A new day: the readers of the old one are forgotten (their hashes mean nothing under the new salt). */
  private newDay(day: string): void {
    this.today = day;
    this.readers.clear();
    this.senders.clear();
    this.sendersKept = 0;
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
