import { randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../api/db/migrate.ts';
import { createSql } from '../../api/db/sql.ts';
import { allowedDomainResponse } from '../../api/routes/domains/schema.ts';
import { removeCustomDomainResponse } from '../../api/routes/custom-domains/schema.ts';
import { customDomain as customDomainResponse } from '../../src/lib/domains/schema.ts';
import { newBlog, fakeDns, verifiedDomain } from './blog-support.ts';
import { call, signInUser, testApp, testDatabaseUrl, testSql } from './helpers.ts';

const dns = fakeDns();
const app = testApp({}, undefined, { dns });
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}.acme-test.com`;

describe('custom domains', () => {
  it('saves a domain normalised and pending, with the CNAME and TXT records to create', async () => {
    const blog = await newBlog(app);
    const domain = unique('Blog');

    const saved = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
      body: { domain: ` ${domain.toUpperCase()}. ` },
    });
    const project = await call(app, 'GET', `/api/projects/${blog.projectId}`, { token: blog.owner.token });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      domain: domain.toLowerCase(),
      status: 'pending',
      message: 'Custom blog domain saved! Configure DNS and Cloudflare routing to complete setup.',
      blog_url: `http://${blog.slug}.blogs.localhost:4321/`,
    });
    expect(saved.body.records).toEqual([
      { type: 'CNAME', name: domain.toLowerCase(), value: `${blog.slug}.blogs.localhost` },
      {
        type: 'TXT',
        name: `_inkpilot-verify.${domain.toLowerCase()}`,
        value: expect.stringMatching(/^inkpilot-verify=[0-9a-f]{32}$/),
      },
    ]);
    expect(project.body.custom_blog_domain).toBe(domain.toLowerCase());
    expect(customDomainResponse.safeParse(saved.body).error).toBeUndefined(); // the answer /api/openapi.json documents
  });

  it('turns an IDN into punycode', async () => {
    const blog = await newBlog(app);
    const label = Math.random().toString(36).slice(2, 8);

    const saved = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
      body: { domain: `Bücher-${label}.de` },
    });

    expect(saved.status).toBe(200);
    expect(saved.body.domain).toBe(domainToASCII(`bücher-${label}.de`));
    expect(saved.body.domain).toMatch(/^xn--/);
  });

  it.each([
    ['a URL with scheme and path', 'https://x.com/path'],
    ['an IP address', '1.2.3.4'],
    ['localhost', 'localhost'],
    ['a port', 'blog.acme.com:8080'],
    ['one label', 'intranet'],
    ['blank', '   '],
    ['our own blog domain', 'someone.blogs.localhost'],
    ['a label with a bad hyphen', '-bad.acme.com'],
  ])('refuses %s with the spec message and changes nothing', async (_name, domain) => {
    const blog = await newBlog(app);

    const response = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
      body: { domain },
    });
    const [row] = await testSql()`select custom_blog_domain from projects where id = ${blog.projectId}`;

    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      { loc: ['body', 'domain'], msg: 'Please enter a valid domain.', type: expect.any(String) },
    ]);
    expect(row!.custom_blog_domain).toBeNull();
  });

  it('refuses a domain another project has verified, in any spelling', async () => {
    const first = await newBlog(app);
    const second = await newBlog(app);
    const domain = unique('shared');
    await verifiedDomain(app, dns, first, domain);

    const response = await call(app, 'POST', `/api/projects/${second.projectId}/custom-domain`, {
      token: second.owner.token,
      body: { domain: `${domain.toUpperCase()}.` },
    });
    const [row] = await testSql()`select custom_blog_domain from projects where id = ${second.projectId}`;

    expect(response.status).toBe(409);
    expect(response.body.detail).toBe('This domain is already connected to another project.');
    expect(row!.custom_blog_domain).toBeNull();
  });

  it('lets a pending claim lock nobody out: the owner claims the same domain, verifies it, and the squatter never can', async () => {
    const squatter = await newBlog(app, 'Squatter');
    const owner = await newBlog(app, 'Real Owner');
    const domain = unique('owned');
    const squatted = await call(app, 'POST', `/api/projects/${squatter.projectId}/custom-domain`, {
      token: squatter.owner.token,
      body: { domain },
    });

    const claimed = await call(app, 'POST', `/api/projects/${owner.projectId}/custom-domain`, {
      token: owner.owner.token,
      body: { domain },
    });
    expect(squatted.body.status).toBe('pending');
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ domain, status: 'pending' });
    expect(claimed.body.records[1].value).not.toBe(squatted.body.records[1].value); // each claim has its own token

    // The real owner publishes only their own token: the squatter's check finds nothing, the owner's passes.
    dns.records.set(claimed.body.records[1].name, [[claimed.body.records[1].value]]);
    const squatterCheck = await call(app, 'POST', `/api/projects/${squatter.projectId}/custom-domain/verify`, {
      token: squatter.owner.token,
    });
    const ownerCheck = await call(app, 'POST', `/api/projects/${owner.projectId}/custom-domain/verify`, {
      token: owner.owner.token,
    });
    expect(squatterCheck.body.status).toBe('pending');
    expect(ownerCheck.body.status).toBe('verified');

    // Even with its token in DNS too, the other claim can never verify now; it stays pending.
    dns.records.set(claimed.body.records[1].name, [[claimed.body.records[1].value], [squatted.body.records[1].value]]);
    const late = await call(app, 'POST', `/api/projects/${squatter.projectId}/custom-domain/verify`, {
      token: squatter.owner.token,
    });
    const [left] =
      await testSql()`select custom_blog_domain, custom_blog_domain_status from projects where id = ${squatter.projectId}`;
    const reclaim = await call(app, 'POST', `/api/projects/${squatter.projectId}/custom-domain`, {
      token: squatter.owner.token,
      body: { domain },
    });
    const served = await app.request('/', { headers: { host: domain } });

    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(
      'This domain is already verified for another project, so it cannot be verified here. Remove it from that project first.',
    );
    expect(left).toEqual({ custom_blog_domain: domain, custom_blog_domain_status: 'pending' });
    expect(reclaim.status).toBe(409);
    expect(await served.text()).toContain('Real Owner');
  });

  it('verifies a domain for one project only when two pending claims are checked at once', async () => {
    const one = await newBlog(app);
    const two = await newBlog(app);
    const domain = unique('race');
    const claims = [];
    for (const blog of [one, two])
      claims.push(
        await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
          token: blog.owner.token,
          body: { domain },
        }),
      );
    dns.records.set(
      claims[0]!.body.records[1].name,
      claims.map((claim) => [claim.body.records[1].value]),
    );

    const checks = await Promise.all(
      [one, two].map((blog) =>
        call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, { token: blog.owner.token }),
      ),
    );
    const rows =
      await testSql()`select custom_blog_domain_status as status from projects where custom_blog_domain = ${domain}`;

    expect(checks.map((check) => check.status).sort()).toEqual([200, 409]);
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'verified']);
  });

  it('verifies by the TXT record, re-runnable, and only the matching token counts', async () => {
    const blog = await newBlog(app);
    const domain = unique('verify');
    const saved = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
      body: { domain },
    });
    const txt = saved.body.records[1];

    const missing = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, {
      token: blog.owner.token,
    });
    dns.records.set(txt.name, [['inkpilot-verify=wrong']]);
    const wrong = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, {
      token: blog.owner.token,
    });
    dns.records.set(txt.name, [['v=spf1 -all'], [txt.value.slice(0, 10), txt.value.slice(10)]]);
    const right = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, {
      token: blog.owner.token,
    });

    expect(missing.body.status).toBe('pending');
    expect(missing.body.checked_at).not.toBeNull();
    expect(wrong.body.status).toBe('pending');
    expect(right.body).toMatchObject({ status: 'verified', blog_url: `https://${domain}/` });
    expect(right.body.verified_at).not.toBeNull();
    for (const answer of [missing, wrong, right])
      expect(customDomainResponse.safeParse(answer.body).error).toBeUndefined(); // as documented
  });

  it('removes the domain with the spec message; the blog stays on its subdomain', async () => {
    const blog = await newBlog(app);
    await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
      body: { domain: unique('gone') },
    });

    const removed = await call(app, 'DELETE', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
    });
    const view = await call(app, 'GET', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token });

    expect(removed.body).toEqual({ message: 'Custom blog domain removed.' });
    expect(view.body).toMatchObject({
      domain: null,
      status: null,
      records: [],
      blog_url: `http://${blog.slug}.blogs.localhost:4321/`,
    });
    expect(removeCustomDomainResponse.safeParse(removed.body).error).toBeUndefined(); // as documented
    expect(customDomainResponse.safeParse(view.body).error).toBeUndefined();
  });

  it('answers /api/domains/allowed with 200 only for verified custom domains and existing project subdomains, without sign-in', async () => {
    const blog = await newBlog(app);
    const pending = unique('pending');
    const other = await newBlog(app);
    const verified = unique('ok');
    await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
      body: { domain: pending },
    });
    await verifiedDomain(app, dns, other, verified);

    const ask = async (domain: string) =>
      (await app.request(`/api/domains/allowed?domain=${encodeURIComponent(domain)}`)).status;

    expect(await ask(verified)).toBe(200);
    expect(await ask(`${verified.toUpperCase()}.`)).toBe(200);
    expect(await ask(`${blog.slug}.blogs.localhost`)).toBe(200); // stock Caddy: a certificate per project subdomain
    expect(await ask(`${blog.slug.toUpperCase()}.BLOGS.localhost.`)).toBe(200);
    expect(await ask(`www.${blog.slug}.blogs.localhost`)).toBe(404);
    expect(await ask('blogs.localhost')).toBe(404);
    expect(await ask(pending)).toBe(404);
    expect(await ask('nobody-here.blogs.localhost')).toBe(404);
    expect(await ask('random.example.org')).toBe(404);
    expect(await ask('127.0.0.1')).toBe(404);
    expect(await ask('')).toBe(422);
    for (const domain of [verified, pending]) {
      const answer = await app.request(`/api/domains/allowed?domain=${encodeURIComponent(domain)}`);
      expect(allowedDomainResponse.safeParse(await answer.json()).error).toBeUndefined(); // 200 and 404 both answer { allowed } as documented
    }
  });

  it('gives every new project a unique DNS-safe slug, whatever its name', async () => {
    const owner = await signInUser();
    const names = ['Same Name', 'Same Name', 'Ünïcödé ☕', '---'];
    const slugs: string[] = [];
    for (const name of names) {
      const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
      const [row] = await testSql()`select slug from projects where id = ${created.body.id}`;
      slugs.push(row!.slug as string);
    }

    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/);
  });
});

/** Subdomains of the blog domain that must never be a project's: the app, mail, assets and the like may live there. */
const RESERVED = [
  'www',
  'app',
  'api',
  'admin',
  'blog',
  'blogs',
  'mail',
  'static',
  'assets',
  'cdn',
  'smtp',
  'ns1',
  'status',
  'dashboard',
];

describe('reserved blog subdomains', () => {
  it.each(RESERVED)('never gives a project the slug %s, whatever the spelling of its name', async (reserved) => {
    const owner = await signInUser();

    const created = await call(app, 'POST', '/api/projects/', {
      token: owner.token,
      body: { name: ` ${reserved.toUpperCase()} ` },
    });
    const [row] = await testSql()`select slug from projects where id = ${created.body.id}`;
    const home = await app.request('/', { headers: { host: `${reserved}.blogs.localhost:4321` } });

    expect(created.status).toBe(201);
    expect(row!.slug).toMatch(new RegExp(`^${reserved}-[0-9a-f]{6}$`));
    expect(home.status).toBe(404);
  });

  it('refuses a reserved slug written directly, and a name that leaves nothing ASCII gets no reserved one', async () => {
    const direct = testSql()`insert into projects (name, slug) values ('Direct', 'www')`;
    const [blank] = await testSql()`insert into projects (name) values ('☕☕') returning slug`;

    await expect(direct).rejects.toMatchObject({ code: '23514', constraint_name: 'projects_slug_not_reserved' });
    expect(blank!.slug).toMatch(/^blog-[0-9a-f]{6}$/);
  });

  it('moves existing projects off reserved slugs when the migration runs', async () => {
    // A database of its own on the same server, migrated up to the release before, with projects on reserved slugs.
    const name = `inkpilot_slugs_${randomUUID().slice(0, 8)}`;
    await testSql().unsafe(`create database ${name}`);
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    const scratch = createSql(url.toString(), 1);
    try {
      await migrate(scratch, () => {}, { through: '0019' });
      await scratch`insert into projects (name) values ('WWW'), ('Api'), ('Acme Bakery')`;
      expect((await scratch`select slug from projects order by slug`).map((row) => row.slug)).toEqual([
        'acme-bakery',
        'api',
        'www',
      ]);

      await migrate(scratch, () => {}, { through: '0020' });
      const slugs = (await scratch`select slug from projects order by name`).map((row) => row.slug as string);

      expect(slugs[0]).toBe('acme-bakery');
      expect(slugs[1]).toMatch(/^api-[0-9a-f]{6}$/);
      expect(slugs[2]).toMatch(/^www-[0-9a-f]{6}$/);
    } finally {
      await scratch.end();
      await testSql().unsafe(`drop database ${name}`);
    }
  });
});

describe('the custom-domain routes in /api/openapi.json', () => {
  it('lists each route with the errors it can give; the domain check is public and answers { allowed } on 404 too', async () => {
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body;
    const route = paths['/api/projects/{id}/custom-domain'];

    expect(Object.keys(route.post.responses).sort()).toEqual(['200', '401', '403', '404', '409', '422']);
    expect(route.post.requestBody.content['application/json'].schema.required).toEqual(['domain']);
    expect(Object.keys(paths['/api/projects/{id}/custom-domain/verify'].post.responses).sort()).toEqual([
      '200',
      '401',
      '403',
      '404',
      '409',
      '422',
    ]);
    expect(paths['/api/projects/{id}/custom-domain/verify'].post.responses['422'].description).toBe(
      'This project has no custom domain to verify.',
    );
    expect(route.delete.responses['403'].description).toBe('Viewers cannot change this project.');
    expect(route.get.responses['200'].content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['domain', 'status', 'records', 'blog_url']),
    );
    const allowed = paths['/api/domains/allowed'].get;
    expect(allowed.security).toEqual([]);
    expect(allowed.parameters).toEqual([expect.objectContaining({ name: 'domain', in: 'query', required: true })]);
    expect(Object.keys(allowed.responses).sort()).toEqual(['200', '404', '422']);
    expect(allowed.responses['404'].content['application/json'].schema.required).toEqual(['allowed']);
  });
});
