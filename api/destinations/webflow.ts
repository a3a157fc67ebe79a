// Webflow (CMS API v2): a post is an item of a CMS collection the user chose on one site, published live at once
// (`/items/live`). Webflow collections have no fixed shape, so the post's parts go to the collection's fields by a
// mapping (settings `body_field`, `summary_field`… → the collection field's slug); fields left empty are guessed from
// their type and name, and Test connection lists the collections and fields (in its words and as `choices`) so a
// form can offer them. Unpublishing removes the live item and keeps it in the collection as staged.
import { z } from 'zod';
import { clip, failedCheck, jsonOf, refusal, send } from './http.ts';
import {
  type ConnectionCheck,
  type DestinationAdapter,
  DestinationError,
  type DestinationIo,
  type OutgoingPost,
  type RemotePost,
  type SettingChoice,
} from './types.ts';

const LABEL = 'Webflow';
export const WEBFLOW_API_BASE = 'https://api.webflow.com/v2';
/** Webflow's rate-limit window: when it answers 429 without Retry-After, the minute is waited out. */
const RATE_WINDOW_MS = 60_000;

const webflowId = (what: string) =>
  z
    .string({ error: `Give the ${what} id.` })
    .trim()
    .regex(/^[0-9a-f]{24}$/i, { error: `A Webflow ${what} id is 24 characters (0-9, a-f).` });

/** The parts of a post that can go to a collection field, and the field types each may go to. */
const MAPPABLE = {
  body: { label: 'Body', types: ['RichText'], guess: /body|content|post|article/ },
  summary: { label: 'Summary', types: ['PlainText', 'RichText'], guess: /summary|excerpt|intro|description/ },
  image: { label: 'Cover image', types: ['Image'], guess: /main|cover|hero|featured|image|thumbnail/ },
  meta_title: { label: 'SEO title', types: ['PlainText'], guess: /(seo|meta).*title|title.*(seo|meta)/ },
  meta_description: {
    label: 'SEO description',
    types: ['PlainText'],
    guess: /(seo|meta).*desc|desc.*(seo|meta)/,
  },
  tags: { label: 'Tags', types: ['PlainText'], guess: /^tags?$|keywords|categories/ },
} as const;
type Part = keyof typeof MAPPABLE;
const PARTS = Object.keys(MAPPABLE) as Part[];

/** A part's field setting: the field's slug; empty, guessed; `none`, the part is left out. */
const fieldSetting = (part: Part, guessed: string) =>
  z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({
      title: `${MAPPABLE[part].label} field`,
      description: `The collection field (its slug, as Test connection lists them) that takes the post's ${guessed}. Empty: a ${MAPPABLE[part].types.join(' or ')} field is guessed from its name; none: left out.`,
    });

const settings = z.object({
  api_token: z
    .string({ error: 'Paste a site API token from Webflow → Site settings → Apps & integrations.' })
    .trim()
    .min(20, { error: 'Paste a site API token from Webflow → Site settings → Apps & integrations.' })
    .meta({
      title: 'Site API token',
      description: 'From Webflow → Site settings → Apps & integrations, with CMS read and write access.',
    }),
  site_id: webflowId('site').meta({
    title: 'Site ID',
    description: 'Webflow → Site settings → General → Site ID (24 characters). Test connection shows the site’s name.',
  }),
  collection_id: webflowId('collection').optional().meta({
    title: 'Collection ID',
    description: 'The CMS collection posts go to. Test connection lists the site’s collections with their IDs.',
  }),
  body_field: fieldSetting('body', 'body'),
  summary_field: fieldSetting('summary', 'summary'),
  image_field: fieldSetting('image', 'cover image'),
  meta_title_field: fieldSetting('meta_title', 'SEO title'),
  meta_description_field: fieldSetting('meta_description', 'SEO description'),
  tags_field: fieldSetting('tags', 'tags (comma-separated)'),
});
type Settings = z.infer<typeof settings>;

/** The field each part was given in the settings: a slug, '' for left out (typed "none"), or absent (guessed). */
function givenFieldMap(config: Settings): Partial<Record<Part, string>> {
  const given: Partial<Record<Part, string>> = {};
  for (const part of PARTS) {
    const value = config[`${part}_field`];
    if (value) given[part] = value.toLowerCase() === 'none' ? '' : value;
  }
  return given;
}

interface Field {
  slug: string;
  displayName: string;
  type: string;
  isRequired?: boolean;
}
interface Collection {
  id: string;
  displayName: string;
  slug: string;
  fields: Field[];
}
interface Item {
  id: string;
  lastUpdated?: string;
  fieldData?: Record<string, unknown>;
}

/** Webflow's own words: `{ message, code, details: [{ param, description }] }`. */
function webflowWords(body: unknown): string | undefined {
  const error = body as { message?: string; details?: ({ param?: string; description?: string } | string)[] } | null;
  if (!error?.message) return typeof body === 'string' && body ? body : undefined;
  const details = (error.details ?? [])
    .map((detail) =>
      typeof detail === 'string' ? detail : [detail.param, detail.description].filter(Boolean).join(': '),
    )
    .filter(Boolean);
  return details.length ? `${error.message} (${details.join('; ')})` : error.message;
}

const HINTS = {
  400: 'Webflow refused the item as sent: check the field mapping and the collection’s required fields.',
  401: 'Paste the site API token again (Webflow → Site settings → Apps & integrations).',
  403: 'Give the token CMS read and write access, for this site.',
  404: 'Check the site and collection: Test connection lists the ones this token can reach.',
  409: 'Webflow refused the item as sent.',
};

async function webflow(
  io: DestinationIo,
  config: Settings,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const base = (io.apiBase?.webflow ?? WEBFLOW_API_BASE).replace(/\/+$/, '');
  const response = await send(io, LABEL, `${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${config.api_token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = await jsonOf(response);
  if (response.ok) return parsed;
  const error = refusal(LABEL, response, webflowWords(parsed), io, HINTS);
  // A 429 without Retry-After means the minute's budget is spent (X-RateLimit-Remaining: 0): wait out the window.
  if (response.status === 429 && error.afterMs === undefined)
    throw new DestinationError(error.message, {
      retry: true,
      status: 429,
      afterMs: RATE_WINDOW_MS,
      ...(error.remoteMessage ? { remoteMessage: error.remoteMessage } : {}),
    });
  throw error;
}

const id = (value: string) => encodeURIComponent(value);

/** Choices as a sentence a person can copy from: "Blog Posts (64f1…), News (64f2…)". */
const listed = (choices: SettingChoice[]) => choices.map((choice) => `${choice.label} (${choice.value})`).join(', ');

/** The fields every Webflow item has, which take the post's title and slug. */
const TAKEN = ['name', 'slug'];

/** Each part of the post and the field it goes to: the mapping given, else a field guessed by type and name. */
export function resolveFieldMap(
  fields: Field[],
  given: Partial<Record<Part, string>>,
): { map: Partial<Record<Part, string>>; problems: string[] } {
  const map: Partial<Record<Part, string>> = {};
  const problems: string[] = [];
  const used = new Set<string>(TAKEN);
  for (const part of PARTS) {
    const rule = MAPPABLE[part];
    const wanted = given[part];
    if (wanted === '') continue;
    if (wanted !== undefined) {
      const field = fields.find((candidate) => candidate.slug === wanted);
      if (!field) problems.push(`${rule.label}: the collection has no field “${wanted}”.`);
      else if (!(rule.types as readonly string[]).includes(field.type))
        problems.push(
          `${rule.label}: “${field.displayName}” is a ${field.type} field; it needs ${rule.types.join(' or ')}.`,
        );
      else {
        map[part] = field.slug;
        used.add(field.slug);
      }
      continue;
    }
    const fits = fields.filter(
      (field) => (rule.types as readonly string[]).includes(field.type) && !used.has(field.slug),
    );
    const guess =
      fits.find((field) => rule.guess.test(field.slug) || rule.guess.test(field.displayName.toLowerCase())) ??
      (part === 'body' || part === 'image' ? fits[0] : undefined);
    if (guess) {
      map[part] = guess.slug;
      used.add(guess.slug);
    }
  }
  if (!map.body) problems.push('Body: the collection needs a rich text field for the post.');
  for (const field of fields)
    if (field.isRequired && !used.has(field.slug))
      problems.push(
        `“${field.displayName}” is required by the collection and Inkpilot does not fill it: map it or make it optional.`,
      );
  return { map, problems };
}

/** The item's field data for a post. */
function fieldData(post: OutgoingPost, map: Partial<Record<Part, string>>): Record<string, unknown> {
  const data: Record<string, unknown> = { name: clip(post.title, 256), slug: post.slug };
  const values: Record<Part, unknown> = {
    body: post.html,
    summary: post.excerpt || post.meta_description,
    image: post.cover ? { url: post.cover.url, alt: post.cover.alt } : null,
    meta_title: post.meta_title || post.title,
    meta_description: post.meta_description,
    tags: post.tags.join(', '),
  };
  for (const part of PARTS) {
    const field = map[part];
    if (field) data[field] = values[part];
  }
  return data;
}

async function collectionOf(io: DestinationIo, config: Settings): Promise<Collection> {
  if (!config.collection_id)
    throw new DestinationError('Choose the Webflow collection posts go to (Test connection lists them).', {
      retry: false,
    });
  return (await webflow(io, config, 'GET', `/collections/${id(config.collection_id)}`)) as Collection;
}

/** The item's public address: the site's first custom domain (else its webflow.io one), collection and item slugs. */
async function itemUrl(
  io: DestinationIo,
  config: Settings,
  collection: Collection,
  slug: string,
): Promise<string | null> {
  const site = (await webflow(io, config, 'GET', `/sites/${id(config.site_id)}`)) as {
    shortName?: string;
    customDomains?: { url?: string }[];
  };
  const domain = site.customDomains?.[0]?.url ?? (site.shortName ? `${site.shortName}.webflow.io` : null);
  return domain ? `https://${domain.replace(/^https?:\/\//, '')}/${collection.slug}/${slug}` : null;
}

async function write(
  io: DestinationIo,
  config: Settings,
  post: OutgoingPost,
  remoteId: string | null,
): Promise<RemotePost> {
  const collection = await collectionOf(io, config);
  const { map, problems } = resolveFieldMap(collection.fields, givenFieldMap(config));
  if (problems.length)
    throw new DestinationError(`The Webflow collection does not fit: ${problems.join(' ')}`, { retry: false });
  const body = { isArchived: false, isDraft: false, fieldData: fieldData(post, map) };
  const path = `/collections/${id(collection.id)}/items${remoteId ? `/${id(remoteId)}` : ''}/live`;
  let item: Item;
  try {
    item = (await webflow(io, config, remoteId ? 'PATCH' : 'POST', path, body)) as Item;
  } catch (error) {
    if (remoteId && error instanceof DestinationError && error.status === 404)
      throw new DestinationError(
        'The item is no longer in the Webflow collection (it was deleted there). Publish the post again to create it anew.',
        { retry: false, status: 404, ...(error.remoteMessage ? { remoteMessage: error.remoteMessage } : {}) },
      );
    throw error;
  }
  const slug = typeof item.fieldData?.slug === 'string' ? item.fieldData.slug : post.slug;
  return {
    remote_id: item.id,
    url: await itemUrl(io, config, collection, slug),
    modified_at: item.lastUpdated ?? null,
  };
}

async function test({ settings: config, io }: { settings: Settings; io: DestinationIo }): Promise<ConnectionCheck> {
  try {
    const token = (await webflow(io, config, 'GET', '/token/introspect')) as {
      authorization?: { scope?: string };
    };
    const scope = token.authorization?.scope;
    if (typeof scope === 'string' && !scope.split(/[\s,]+/).includes('cms:write'))
      return {
        ok: false,
        message: 'This token cannot write to the CMS: give it CMS read and write access in Webflow.',
        remote_message: `Token scopes: ${scope}`,
      };
    const site = (await webflow(io, config, 'GET', `/sites/${id(config.site_id)}`)) as { displayName?: string };
    const { collections = [] } = (await webflow(io, config, 'GET', `/sites/${id(config.site_id)}/collections`)) as {
      collections?: { id: string; displayName: string }[];
    };
    const choices: Record<string, SettingChoice[]> = {
      collection_id: collections.map((entry) => ({ value: entry.id, label: entry.displayName })),
    };
    const siteName = site.displayName ?? 'the site';
    if (!config.collection_id)
      return {
        ok: false,
        message: collections.length
          ? `Connected to ${siteName}. Choose the collection posts go to: ${listed(choices.collection_id ?? [])}.`
          : `Connected to ${siteName}, which has no CMS collection yet: add one for blog posts in Webflow.`,
        choices,
      };
    const collection = await collectionOf(io, config);
    for (const part of PARTS)
      choices[`${part}_field`] = collection.fields
        // The item's name and slug take the post's title and slug: never a part's field.
        .filter(
          (field) => !TAKEN.includes(field.slug) && (MAPPABLE[part].types as readonly string[]).includes(field.type),
        )
        .map((field) => ({ value: field.slug, label: `${field.displayName} (${field.type})` }));
    const { map, problems } = resolveFieldMap(collection.fields, givenFieldMap(config));
    if (problems.length)
      return {
        ok: false,
        message: `The collection “${collection.displayName}” does not fit: ${problems.join(' ')} Its fields: ${listed(
          collection.fields.map((field) => ({ value: field.slug, label: `${field.displayName} (${field.type})` })),
        )}.`,
        choices,
      };
    const mapped = PARTS.filter((part) => map[part]).map((part) => `${MAPPABLE[part].label} → ${map[part]}`);
    return {
      ok: true,
      message: `Connected to ${siteName}: posts go to “${collection.displayName}”.`,
      details: { site: siteName, collection: collection.displayName, fields: mapped.join(', ') },
      choices,
    };
  } catch (error) {
    return failedCheck(error);
  }
}

/** Webflow through its CMS API v2. */
export const webflowAdapter: DestinationAdapter<typeof settings> = {
  kind: 'webflow',
  label: LABEL,
  settings,
  secrets: ['api_token'],
  test,
  publish: ({ settings: config, post, io }) => write(io, config, post, null),
  update: ({ settings: config, post, remote_id, io }) => write(io, config, post, remote_id),
  async unpublish({ settings: config, remote_id, io }) {
    if (!config.collection_id) return;
    try {
      await webflow(io, config, 'DELETE', `/collections/${id(config.collection_id)}/items/${id(remote_id)}/live`);
    } catch (error) {
      if (error instanceof DestinationError && error.status === 404) return; // not live, or gone: down already
      throw error;
    }
  },
  async modifiedAt({ settings: config, remote_id, io }) {
    if (!config.collection_id) return null;
    try {
      const item = (await webflow(
        io,
        config,
        'GET',
        `/collections/${id(config.collection_id)}/items/${id(remote_id)}`,
      )) as Item;
      return item.lastUpdated ?? null;
    } catch (error) {
      if (error instanceof DestinationError && error.status === 404) return null;
      throw error;
    }
  },
};
