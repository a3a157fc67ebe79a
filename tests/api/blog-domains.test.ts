import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowedDomainResponse } from '../../api/routes/domains/schema.ts';
import { customDomainResponse, removeCustomDomainResponse } from '../../api/routes/custom-domains/schema.ts';
import { newBlog, fakeDns } from './blog-support.ts';
import { call, signInUser, testApp, testSql } from './helpers.ts';

const dns = fakeDns();
const app = testApp({}, undefined, { dns });
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}.acme-test.com`;

describe('custom domains', () => {
  it('saves a domain normalised and pending, with the CNAME and TXT records to create', async () => {
    const blog = await newBlog(app);
    const domain = unique('Blog');

    const saved = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token, body: { domain: ` ${domain.toUpperCase()}. ` } });
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
      { type: 'TXT', name: `_inkpilot-verify.${domain.toLowerCase()}`, value: expect.stringMatching(/^inkpilot-verify=[0-9a-f]{32}$/) },
    ]);
    expect(project.body.custom_blog_domain).toBe(domain.toLowerCase());
    expect(customDomainResponse.safeParse(saved.body).error).toBeUndefined(); // the answer /api/openapi.json documents
  });

  it('turns an IDN into punycode', async () => {
    const blog = await newBlog(app);
    const label = Math.random().toString(36).slice(2, 8);

    const saved = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token, body: { domain: `Bücher-${label}.de` } });

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

    const response = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token, body: { domain } });
    const [row] = await testSql()`select custom_blog_domain from projects where id = ${blog.projectId}`;

    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([{ loc: ['body', 'domain'], msg: 'Please enter a valid domain.', type: expect.any(String) }]);
    expect(row!.custom_blog_domain).toBeNull();
  });

  it('refuses a domain another project holds, in any spelling', async () => {
    const first = await newBlog(app);
    const second = await newBlog(app);
    const domain = unique('shared');
    await call(app, 'POST', `/api/projects/${first.projectId}/custom-domain`, { token: first.owner.token, body: { domain } });

    const response = await call(app, 'POST', `/api/projects/${second.projectId}/custom-domain`, { token: second.owner.token, body: { domain: `${domain.toUpperCase()}.` } });
    const [row] = await testSql()`select custom_blog_domain from projects where id = ${second.projectId}`;

    expect(response.status).toBe(409);
    expect(response.body.detail).toBe('This domain is already connected to another project.');
    expect(row!.custom_blog_domain).toBeNull();
  });

  it('verifies by the TXT record, re-runnable, and only the matching token counts', async () => {
    const blog = await newBlog(app);
    const domain = unique('verify');
    const saved = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token, body: { domain } });
    const txt = saved.body.records[1];

    const missing = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, { token: blog.owner.token });
    dns.records.set(txt.name, [['inkpilot-verify=wrong']]);
    const wrong = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, { token: blog.owner.token });
    dns.records.set(txt.name, [['v=spf1 -all'], [txt.value.slice(0, 10), txt.value.slice(10)]]);
    const right = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, { token: blog.owner.token });

    expect(missing.body.status).toBe('pending');
    expect(missing.body.checked_at).not.toBeNull();
    expect(wrong.body.status).toBe('pending');
    expect(right.body).toMatchObject({ status: 'verified', blog_url: `https://${domain}/` });
    expect(right.body.verified_at).not.toBeNull();
    for (const answer of [missing, wrong, right]) expect(customDomainResponse.safeParse(answer.body).error).toBeUndefined(); // as documented
  });

  it('removes the domain with the spec message; the blog stays on its subdomain', async () => {
    const blog = await newBlog(app);
    await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token, body: { domain: unique('gone') } });

    const removed = await call(app, 'DELETE', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token });
    const view = await call(app, 'GET', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token });

    expect(removed.body).toEqual({ message: 'Custom blog domain removed.' });
    expect(view.body).toMatchObject({ domain: null, status: null, records: [], blog_url: `http://${blog.slug}.blogs.localhost:4321/` });
    expect(removeCustomDomainResponse.safeParse(removed.body).error).toBeUndefined(); // as documented
    expect(customDomainResponse.safeParse(view.body).error).toBeUndefined();
  });

  it('answers /api/domains/allowed with 200 only for verified domains and project subdomains, without sign-in', async () => {
    const blog = await newBlog(app);
    const pending = unique('pending');
    const other = await newBlog(app);
    const verified = unique('ok');
    await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token, body: { domain: pending } });
    const saved = await call(app, 'POST', `/api/projects/${other.projectId}/custom-domain`, { token: other.owner.token, body: { domain: verified } });
    dns.records.set(saved.body.records[1].name, [[saved.body.records[1].value]]);
    await call(app, 'POST', `/api/projects/${other.projectId}/custom-domain/verify`, { token: other.owner.token });

    const ask = async (domain: string) => (await app.request(`/api/domains/allowed?domain=${encodeURIComponent(domain)}`)).status;

    expect(await ask(verified)).toBe(200);
    expect(await ask(verified.toUpperCase())).toBe(200);
    expect(await ask(`${blog.slug}.blogs.localhost`)).toBe(200);
    expect(await ask(pending)).toBe(404);
    expect(await ask('nobody-here.blogs.localhost')).toBe(404);
    expect(await ask('random.example.org')).toBe(404);
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

describe('the custom-domain routes in /api/openapi.json', () => {
  it('lists each route with the errors it can give; the domain check is public and answers { allowed } on 404 too', async () => {
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body;
    const route = paths['/api/projects/{id}/custom-domain'];

    expect(Object.keys(route.post.responses).sort()).toEqual(['200', '401', '403', '404', '409', '422']);
    expect(route.post.requestBody.content['application/json'].schema.required).toEqual(['domain']);
    expect(Object.keys(paths['/api/projects/{id}/custom-domain/verify'].post.responses).sort()).toEqual(['200', '401', '403', '404', '422']);
    expect(paths['/api/projects/{id}/custom-domain/verify'].post.responses['422'].description).toBe('This project has no custom domain to verify.');
    expect(route.delete.responses['403'].description).toBe('Viewers cannot change this project.');
    expect(route.get.responses['200'].content['application/json'].schema.required).toEqual(expect.arrayContaining(['domain', 'status', 'records', 'blog_url']));
    const allowed = paths['/api/domains/allowed'].get;
    expect(allowed.security).toEqual([]);
    expect(allowed.parameters).toEqual([expect.objectContaining({ name: 'domain', in: 'query', required: true })]);
    expect(Object.keys(allowed.responses).sort()).toEqual(['200', '404', '422']);
    expect(allowed.responses['404'].content['application/json'].schema.required).toEqual(['allowed']);
  });
});
