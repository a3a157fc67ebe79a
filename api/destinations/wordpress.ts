import { z } from 'zod';
import type { ConnectionCheck, DestinationAdapter, DestinationIo, OutgoingPost, RemotePost } from './types.ts';
import { DestinationError } from './types.ts';
import { ensureOk } from './remote.ts';
import {
  call,
  callOk,
  coverId,
  SEO_PLUGIN_NAME,
  seoKept,
  seoMeta,
  type SeoPlugin,
  seoPluginOf,
  SERVICE,
  siteOf,
  termId,
  type WordPressSettings,
  wordsOf,
} from './wordpress-api.ts';

const settings = z.object({
  site_url: z
    .url({ protocol: /^https?$/, error: 'Enter the address of your WordPress site, like https://example.com.' })
    .max(500)
    .meta({ title: 'Site address', description: 'Where your WordPress site lives, like https://example.com.' }),
  username: z
    .string()
    .trim()
    .min(1, { error: 'Enter the WordPress user name the Application Password belongs to.' })
    .max(200)
    .meta({ title: 'User name', description: 'The WordPress user who publishes (an Editor or Administrator).' }),
  application_password: z
    .string()
    .trim()
    .min(1, { error: 'Enter an Application Password (Users → Profile → Application Passwords in WordPress).' })
    .max(200)
    .meta({
      title: 'Application Password',
      description: 'Made in WordPress under Users → Profile → Application Passwords; not your login password.',
    }),
  category: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({ title: 'Category', description: 'Optional: the category posts are filed under (made when missing).' }),
});

type Settings = z.infer<typeof settings>;

interface WpPost {
  id: number;
  link: string;
  status: string;
  modified_gmt: string;
  meta?: unknown;
}

const gmt = (value: string | undefined) => (value ? `${value.replace(/Z$/, '')}Z` : null);

const remoteOf = (post: WpPost, note?: string): RemotePost => ({
  remote_id: String(post.id),
  url: post.link || null,
  modified_at: gmt(post.modified_gmt),
  ...(note ? { note } : {}),
});

async function namespaces(io: DestinationIo, site: WordPressSettings): Promise<string[]> {
  const index = await callOk<{ namespaces?: string[] }>(io, site, '/', { query: { _fields: 'namespaces,name' } });
  return index.namespaces ?? [];
}

/** The post as WordPress stores it: body, excerpt, slug, terms, cover and the SEO plugin's fields. */
async function body(io: DestinationIo, site: Settings, post: OutgoingPost, seo: SeoPlugin) {
  const tags = [];
  for (const tag of post.tags) tags.push(await termId(io, site, 'tags', tag));
  const categories = site.category ? [await termId(io, site, 'categories', site.category)] : undefined;
  const featured = post.cover ? await coverId(io, site, post.cover) : 0;
  const meta = seoMeta(seo, post);
  return {
    title: post.title,
    content: post.html,
    excerpt: post.excerpt,
    slug: post.slug,
    status: 'publish',
    tags,
    ...(categories ? { categories } : {}),
    featured_media: featured,
    ...(Object.keys(meta).length ? { meta } : {}),
  };
}

function seoNote(seo: SeoPlugin, saved: WpPost): string | undefined {
  if (!seo || seoKept(seo, saved.meta)) return undefined;
  return `${SEO_PLUGIN_NAME[seo]} is active, but its title and description fields are not open to the REST API, so WordPress kept its own. docs/operations.md ("Publishing to WordPress") has the snippet that opens them.`;
}

async function save(io: DestinationIo, site: Settings, post: OutgoingPost, remoteId: string | null) {
  const seo = seoPluginOf(await namespaces(io, site));
  const fields = await body(io, site, post, seo);
  const saved = await callOk<WpPost>(io, site, remoteId ? `/wp/v2/posts/${remoteId}` : '/wp/v2/posts', {
    json: fields,
    query: { context: 'edit' },
  });
  return remoteOf(saved, seoNote(seo, saved));
}

/**
 * The WordPress rights (capabilities) publishing needs, in the user's words. Others' posts: a site's editors often set
 * a post's author to a real person, and from then on only a user who may edit others' posts can update it (an Author
 * gets 403 on every update). Categories: the setting's category is made when the site has none.
 */
const RIGHTS: [string, string, ((site: Settings) => boolean)?][] = [
  ['publish_posts', 'publish posts'],
  ['upload_files', 'upload images'],
  ['edit_others_posts', "edit others' posts"],
  ['manage_categories', 'create categories', (site) => Boolean(site.category)],
];

/** Whether an answer says the post is not there (deleted on the site, or in its trash for good). */
const gone = (status: number) => status === 404 || status === 410;

/** WordPress through its REST API with an Application Password (issue 28). */
export const wordpress: DestinationAdapter<typeof settings> = {
  kind: 'wordpress',
  label: 'WordPress',
  settings,
  secrets: ['application_password'],

  async test({ settings: site, io }): Promise<ConnectionCheck> {
    let found: string[];
    try {
      found = await namespaces(io, site);
    } catch (error) {
      return failed(error, `${siteOf(site)} does not answer like a WordPress site with its REST API on.`);
    }
    if (!found.includes('wp/v2'))
      return { ok: false, message: `${siteOf(site)} does not offer WordPress's REST API (wp/v2).` };
    const me = await call(io, site, '/wp/v2/users/me', { query: { context: 'edit' } });
    if (me.status !== 200)
      return {
        ok: false,
        message:
          me.status === 401
            ? 'WordPress did not accept the user name and Application Password.'
            : `WordPress refused to say who this user is (${me.status}).`,
        remote_message: wordsOf(me),
      };
    const user = me.json as { name?: string; roles?: string[]; capabilities?: Record<string, boolean> };
    const can = user.capabilities ?? {};
    const missing = RIGHTS.filter(([cap, , when]) => !can[cap] && (!when || when(site)));
    if (missing.length)
      return {
        ok: false,
        message: `The user ${user.name ?? site.username} (${(user.roles ?? []).join(', ') || 'no role'}) cannot ${missing.map(([cap, what]) => `${what} (${cap})`).join(', ')}: use an Editor or Administrator.`,
      };
    const seo = seoPluginOf(found);
    return {
      ok: true,
      message: `Connected to ${siteOf(site)} as ${user.name ?? site.username}.`,
      details: {
        user: user.name ?? site.username,
        roles: (user.roles ?? []).join(', '),
        seo_plugin: seo ? SEO_PLUGIN_NAME[seo] : 'none found',
      },
    };
  },

  publish: ({ settings: site, post, io }) => save(io, site, post, null),

  async update({ settings: site, post, remote_id, io }) {
    try {
      return await save(io, site, post, remote_id);
    } catch (error) {
      // Deleted on the site since: published again as a new post (the only way to have it there).
      if (error instanceof DestinationError && error.status !== undefined && gone(error.status))
        return save(io, site, post, null);
      throw error;
    }
  },

  async unpublish({ settings: site, remote_id, io }) {
    const answer = await call(io, site, `/wp/v2/posts/${remote_id}`, { json: { status: 'draft' } });
    if (!gone(answer.status)) ensureOk(answer, SERVICE, wordsOf(answer), io.now());
  },

  async find({ settings: site, post, io }) {
    const [found] = await callOk<WpPost[]>(io, site, '/wp/v2/posts', {
      query: { slug: post.slug, status: 'publish,draft,pending,private,future', context: 'edit', per_page: '1' },
    });
    return found ? remoteOf(found) : null;
  },

  async modifiedAt({ settings: site, remote_id, io }) {
    const answer = await call(io, site, `/wp/v2/posts/${remote_id}`, {
      query: { context: 'edit', _fields: 'id,modified_gmt' },
    });
    if (gone(answer.status)) return null;
    ensureOk(answer, SERVICE, wordsOf(answer), io.now());
    return gmt((answer.json as WpPost | undefined)?.modified_gmt);
  },
};

function failed(error: unknown, fallback: string): ConnectionCheck {
  if (error instanceof DestinationError)
    return {
      ok: false,
      message: error.message,
      ...(error.remoteMessage ? { remote_message: error.remoteMessage } : {}),
    };
  return { ok: false, message: fallback };
}
