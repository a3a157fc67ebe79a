// Publishing destinations (issue 28): one adapter per kind of remote site, behind this one interface, so the
// delivery job, "Test connection" and the conformance suite treat them alike. An adapter holds no SQL and no state:
// it gets the destination's settings (credentials already decrypted) and the post as the remote should show it.
import type { z } from 'zod';

/** The kinds of destination a project can publish to. */
export type DestinationKind = 'wordpress' | 'ghost' | 'webflow' | 'shopify' | 'webhook';

/** A post as it leaves Inkpilot: everything a destination may show, rendered and with absolute addresses. */
export interface OutgoingPost {
  /** Inkpilot's post id: a stable key for the remote (an idempotency key, a webhook payload's id). */
  id: string;
  title: string;
  slug: string;
  /** The post's body as sanitised HTML (what the hosted blog shows), and its markdown. */
  html: string;
  markdown: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  tags: string[];
  /** The target keyword first, then the others. */
  keywords: string[];
  /** ISO 639-1 (or BCP 47) language of the post. */
  lang: string;
  /** ISO 8601; null for a post that was never live. */
  published_at: string | null;
  updated_at: string;
  /** The cover as a raster image every destination accepts (PNG or WebP, 1200×630), or null without a cover. */
  cover: { url: string; alt: string; content_type: string; bytes: () => Promise<Uint8Array> } | null;
  /** The page that is canonical for this post (the hosted blog's or the destination's), when Inkpilot decides it. */
  canonical_url: string | null;
  /** The post on the hosted blog, when it is live there. */
  blog_url: string | null;
}

/** Where a post is on a remote, as an adapter reports it after a publish or an update. */
export interface RemotePost {
  /** The remote's own id of the post (WordPress post id, Ghost post id, Webflow item id, Shopify article GID…). */
  remote_id: string;
  /** The post's public address on the remote, when it has one. */
  url: string | null;
  /** The remote's last-modified time of the post (ISO 8601), to notice edits made on the remote later. */
  modified_at: string | null;
  /** Something the user should know about this delivery although it worked (e.g. SEO fields the site keeps closed). */
  note?: string;
}

/**
 * Which change a call delivers, and its stable id (the same on every retry): a webhook's `webhook-id`, an idempotency
 * key for remotes that take one. `event` is what happened to the post as the destination should hear it.
 */
export interface DeliveryContext {
  id: string;
  event: 'published' | 'updated' | 'unpublished' | 'deleted';
  /** When the change happened (ISO 8601): the same on every retry. */
  at: string;
}

/** A value a setting may take, as the remote lists it (a Webflow collection or field, a Shopify blog). */
export interface SettingChoice {
  value: string;
  label: string;
}

/**
 * What "Test connection" found: ok, or the remote's own words and what the user can do. `choices` lists, per setting
 * name (`collection_id`, `field_map.body`, `blog_id`…), the values the remote offers, so a form can offer them.
 */
export type ConnectionCheck =
  | { ok: true; message: string; details?: Record<string, string>; choices?: Record<string, SettingChoice[]> }
  | { ok: false; message: string; remote_message?: string; choices?: Record<string, SettingChoice[]> };

/**
 * An error from the remote. `retry` says whether trying again later may help (429, 5xx, timeouts, connection
 * refused); `afterMs` is the remote's own Retry-After when it sent one; `remoteMessage` is the remote's words.
 */
export class DestinationError extends Error {
  readonly retry: boolean;
  readonly status: number | undefined;
  readonly afterMs: number | undefined;
  readonly remoteMessage: string | undefined;
  constructor(message: string, options: { retry: boolean; status?: number; afterMs?: number; remoteMessage?: string }) {
    super(message);
    this.name = 'DestinationError';
    this.retry = options.retry;
    this.status = options.status;
    this.afterMs = options.afterMs;
    this.remoteMessage = options.remoteMessage;
  }
}

/** What an adapter may use: the guarded fetch (every remote is a user-supplied address) and the clock. */
export interface DestinationIo {
  fetch: typeof fetch;
  now: () => Date;
  /**
   * Where APIs with a fixed address are reached (Webflow's `https://api.webflow.com/v2`), from configuration; unset,
   * the real service. Tests point them at loopback fakes.
   */
  apiBase?: Partial<Record<DestinationKind, string>>;
}

/** One kind of destination. Every call is idempotent for the same post and remote id. */
export interface DestinationAdapter<Settings extends z.ZodObject = z.ZodObject> {
  kind: DestinationKind;
  /** The name shown to users ("WordPress", "Ghost"…). */
  label: string;
  /**
   * The settings a user gives (site URL, collection, field mapping…) and the credentials; the names in `secrets`
   * are encrypted at rest and never returned by the API after saving.
   */
  settings: Settings;
  secrets: readonly (keyof z.infer<Settings> & string)[];
  /** Checks credentials and permissions before saving. */
  test(args: { settings: z.infer<Settings>; io: DestinationIo }): Promise<ConnectionCheck>;
  /**
   * Each delivery is a message about one change (a webhook), decided at its first attempt and sent the same way on
   * every retry; without it, each attempt brings the remote to the post's state as it is then (a CMS).
   */
  messages?: boolean;
  /** Secrets the server makes itself (a webhook's whsec_ signing secret), shown once when the destination is saved. */
  generated?: Partial<Record<keyof z.infer<Settings> & string, () => string>>;
  /** Creates the post on the remote (published). */
  publish(args: {
    settings: z.infer<Settings>;
    post: OutgoingPost;
    io: DestinationIo;
    delivery?: DeliveryContext;
  }): Promise<RemotePost>;
  /** Replaces the remote post `remote_id` with this version (published again if it had been taken down). */
  update(args: {
    settings: z.infer<Settings>;
    post: OutgoingPost;
    remote_id: string;
    io: DestinationIo;
    delivery?: DeliveryContext;
  }): Promise<RemotePost>;
  /**
   * Takes the remote post down (draft, unpublished or deleted, as the remote allows); a post already gone is fine.
   * `post` names the post (its id and its last slug: it may be deleted in Inkpilot).
   */
  unpublish(args: {
    settings: z.infer<Settings>;
    remote_id: string;
    io: DestinationIo;
    post?: Pick<OutgoingPost, 'id' | 'slug'>;
    delivery?: DeliveryContext;
  }): Promise<void>;
  /**
   * The remote post made from this Inkpilot post (by slug, or the remote's own link to our id), or null: asked before
   * creating again when an earlier create may have reached the remote without its answer reaching us.
   */
  find?(args: { settings: z.infer<Settings>; post: OutgoingPost; io: DestinationIo }): Promise<RemotePost | null>;
  /** The remote's last-modified time of `remote_id`, or null when the remote no longer has it. */
  modifiedAt?(args: { settings: z.infer<Settings>; remote_id: string; io: DestinationIo }): Promise<string | null>;
}
