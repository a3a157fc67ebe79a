import { beforeAll, describe, expect, it } from 'vitest';
import { siteOfProject } from '../../api/blog/sites.ts';
import { pngSize } from '../../api/providers/images/raster-cover.ts';
import { coloursFrom, svgCover } from '../../api/providers/images/svg-cover.ts';
import { outgoingCover } from '../../api/services/covers/outgoing.ts';
import { insertTitleCover } from '../../api/services/covers/queries.ts';
import { destinationIo } from '../../api/services/destinations/io.ts';
import { addPost, newBlog, visit } from './blog-support.ts';
import { testApp, testConfig, testFeed, testSql } from './helpers.ts';

const app = testApp();

beforeAll(async () => {
  await testFeed().ready;
});

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;

/** A blog post whose cover is a drawn title cover (an SVG the app stored), as the cover block makes it. */
async function postWithDrawnCover(title: string) {
  const blog = await newBlog(app);
  const svgId = await insertTitleCover(testSql(), blog.projectId, title, svgCover(title, coloursFrom('#0f766e')));
  const post = await addPost(blog, { title, cover: `/api/media/${svgId}` });
  return { blog, svgId, post };
}

describe('raster covers', () => {
  it('the blog page shares a 1200×630 PNG of the drawn cover: og:image, twitter:image and JSON-LD point at it', async () => {
    const { blog, svgId, post } = await postWithDrawnCover('Proofing sourdough in a cold kitchen');

    const page = await visit(app, blog.host, `/${post.slug}`);
    const ogImage = metaOf(page.text, 'og:image');
    const image = await visit(app, blog.host, new URL(ogImage ?? 'http://x/').pathname);

    expect(ogImage).toMatch(new RegExp(`^http://${blog.host.replace('.', '\\.')}/media/[0-9a-f-]{36}$`));
    expect(ogImage).not.toContain(svgId);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(pngSize(image.bytes)).toEqual({ width: 1200, height: 630 }); // read from the PNG's IHDR
    expect(metaOf(page.text, 'og:image:type')).toBe('image/png');
    expect(metaOf(page.text, 'og:image:width')).toBe('1200');
    expect(metaOf(page.text, 'og:image:height')).toBe('630');
    expect(metaOf(page.text, 'twitter:image')).toBe(ogImage);
    expect(page.text).toContain(`"image":"${ogImage}"`);
    // The page itself keeps the crisp SVG.
    expect(page.text).toContain(`<img class="cover" src="/media/${svgId}"`);
  });

  it('renders each cover once: the raster is stored beside the SVG and found again, however many ask at once', async () => {
    const { blog, svgId, post } = await postWithDrawnCover('One raster per cover');

    await Promise.all([visit(app, blog.host, `/${post.slug}`), visit(app, blog.host, `/${post.slug}?again`)]);
    await app.request(`/`, { headers: { host: blog.host } });
    const rows = await testSql()`select id, content_type from media where raster_of = ${svgId}`;

    expect(rows).toHaveLength(1);
    expect(rows[0]!.content_type).toBe('image/png');
  });

  it('a cover that already is a raster image is shared as it is', async () => {
    const blog = await newBlog(app);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100806000000', 'hex');
    const [media] =
      await testSql()`insert into media (project_id, content_type, body) values (${blog.projectId}, 'image/png', ${png}) returning id`;
    const post = await addPost(blog, { title: 'An AI cover', cover: `/api/media/${media!.id}` });

    const page = await visit(app, blog.host, `/${post.slug}`);

    expect(metaOf(page.text, 'og:image')).toBe(`http://${blog.host}/media/${media!.id}`);
    expect(metaOf(page.text, 'og:image:width')).toBeNull(); // its size is its own
    expect((await testSql()`select 1 from media where raster_of = ${media!.id}`).length).toBe(0);
  });

  it('outgoingCover gives destinations the raster: its public blog address, type, alt and PNG bytes', async () => {
    const { blog, post } = await postWithDrawnCover('Leaving for WordPress');
    const config = testConfig();
    const site = await siteOfProject(testSql(), config, blog.projectId);

    const cover = await outgoingCover(
      testSql(),
      destinationIo(config),
      {
        project_id: blog.projectId,
        title: 'Leaving for WordPress',
        cover_image_url: (await testSql()`select cover_image_url from blog_posts where id = ${post.id}`)[0]!
          .cover_image_url,
        cover_image_alt: '',
      },
      site!,
    );
    const bytes = await cover!.bytes();
    const served = await visit(app, blog.host, new URL(cover!.url).pathname);

    expect(cover).toMatchObject({ content_type: 'image/png', alt: 'Leaving for WordPress' });
    expect(cover!.url).toMatch(new RegExp(`^http://${blog.host.replace('.', '\\.')}/media/[0-9a-f-]{36}$`));
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(Buffer.from(served.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('outgoingCover is null without a cover, and passes an outside address through', async () => {
    const blog = await newBlog(app);
    const site = (await siteOfProject(testSql(), testConfig(), blog.projectId))!;
    const io = destinationIo(testConfig());
    const post = { project_id: blog.projectId, title: 'x', cover_image_alt: '' };

    const none = await outgoingCover(testSql(), io, { ...post, cover_image_url: null }, site);
    const outside = await outgoingCover(
      testSql(),
      io,
      { ...post, cover_image_url: 'https://images.example.com/cover.webp', cover_image_alt: 'A cover' },
      site,
    );

    expect(none).toBeNull();
    expect(outside).toMatchObject({
      url: 'https://images.example.com/cover.webp',
      content_type: 'image/webp',
      alt: 'A cover',
    });
  });
});
