// Migration 0051 (issue 27): the "Blog post" template gains the fact check between the CTA and the save, and the
// research notes' wire to the writer; so do default workflows copied from it and never changed, while a workflow
// someone edited is left exactly as it was.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../api/db/migrate.ts';
import { createSql } from '../../api/db/sql.ts';
import { BLOG_POST_GRAPH, BLOG_POST_TEMPLATE_ID } from '../../api/services/workflows/blog-template.ts';
import { testDatabaseUrl, testSql } from './helpers.ts';

describe('migration 0051', () => {
  it('adds the fact check to the template and to default workflows never changed, and leaves edited ones alone', async () => {
    const name = `inkpilot_facts_${randomUUID().slice(0, 8)}`;
    await testSql().unsafe(`create database ${name}`);
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    const scratch = createSql(url.toString(), 1);
    try {
      await migrate(scratch, () => {}, { through: '0050' });
      const copy = async (project: string) => {
        const [row] = await scratch`insert into projects (name) values (${project}) returning id`;
        const [workflow] = await scratch`
          insert into workflows (project_id, name, description, nodes, edges, is_default, source_template_id)
          select ${row!.id}, t.name, t.description, t.nodes, t.edges, true, t.id from workflows t where t.id = ${BLOG_POST_TEMPLATE_ID}
          returning id`;
        return workflow!.id as string;
      };
      const untouched = await copy('Untouched');
      const edited = await copy('Edited');
      await scratch`update workflows set nodes = nodes - 0, version = version + 1 where id = ${edited}`;
      const [before] = await scratch`select nodes, edges, version from workflows where id = ${edited}`;

      await migrate(scratch, () => {}, { through: '0051' });

      const [template] = await scratch`select nodes, edges from workflows where id = ${BLOG_POST_TEMPLATE_ID}`;
      const [upgraded] =
        await scratch`select nodes, edges, version, description from workflows where id = ${untouched}`;
      const [left] = await scratch`select nodes, edges, version from workflows where id = ${edited}`;
      expect({ nodes: template!.nodes, edges: template!.edges }).toEqual(BLOG_POST_GRAPH);
      expect({ nodes: upgraded!.nodes, edges: upgraded!.edges }).toEqual(BLOG_POST_GRAPH);
      expect(upgraded!.version).toBe(2);
      expect(upgraded!.description).toBe(
        'Topic to finished post: research, outline, writing, cover, video, links, call to action, fact check, SEO and save.',
      );
      expect(left).toEqual(before);
    } finally {
      await scratch.end();
      await testSql().unsafe(`drop database ${name}`);
    }
  });
});
