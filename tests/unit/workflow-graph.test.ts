import { describe, expect, it } from 'vitest';
import {
  canConnect,
  defaultConfig,
  fieldsCompatible,
  graphErrors,
  newNodeId,
  schemaFields,
  wouldCycle,
} from '../../src/islands/workspace/workflows/graph.ts';
import type { GraphEdge } from '../../src/lib/workflows/types.ts';

const edge = (source: string, target: string, target_handle = 'in'): GraphEdge => ({
  id: `${source}-${target}`,
  source,
  source_handle: 'out',
  target,
  target_handle,
});

describe('workflow builder graph helpers', () => {
  it('generates a settings field per config property, with the right control', () => {
    const fields = schemaFields({
      type: 'object',
      required: ['tone'],
      properties: {
        tone: { type: 'string', enum: ['friendly', 'formal'] },
        word_count: { type: 'integer', default: 1200 },
        include_faq: { type: 'boolean' },
        extra_instructions: { type: 'string', maxLength: 2000 },
        cta_text: { anyOf: [{ type: 'string', maxLength: 80 }, { type: 'null' }], description: 'Shown at the end' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });

    expect(fields.map((field) => [field.key, field.kind, field.label, field.required])).toEqual([
      ['tone', 'select', 'Tone', true],
      ['word_count', 'number', 'Word count', false],
      ['include_faq', 'boolean', 'Include faq', false],
      ['extra_instructions', 'textarea', 'Extra instructions', false],
      ['cta_text', 'text', 'Cta text', false],
      ['tags', 'list', 'Tags', false],
    ]);
    expect(fields[0]?.options).toEqual(['friendly', 'formal']);
    expect(fields[4]?.description).toBe('Shown at the end');
  });

  it('starts a new node from its schema defaults', () => {
    expect(
      defaultConfig({ properties: { word_count: { type: 'integer', default: 1200 }, tone: { type: 'string' } } }),
    ).toEqual({ word_count: 1200 });
  });

  it('numbers new node ids past the ones taken', () => {
    const nodes = [{ id: 'outline_1', type: 'outline', position: { x: 0, y: 0 }, config: {} }];
    expect(newNodeId('outline', nodes)).toBe('outline_2');
    expect(newNodeId('seo_meta', nodes)).toBe('seo_meta_1');
  });

  it('refuses connections that close a cycle or wire an input twice', () => {
    const edges = [edge('a', 'b'), edge('b', 'c')];

    expect(wouldCycle(edges, 'c', 'a')).toBe(true);
    expect(wouldCycle(edges, 'a', 'a')).toBe(true);
    expect(canConnect(edges, { source: 'c', target: 'a', target_handle: 'in' })).toBe(false);
    expect(canConnect(edges, { source: 'a', target: 'c', target_handle: 'in' })).toBe(false);
    expect(canConnect(edges, { source: 'a', target: 'c', target_handle: 'other' })).toBe(true);
  });

  it('places a 422 next to the node and field it names', () => {
    const errors = graphErrors([
      { loc: ['body', 'nodes', 'post_writer_1', 'outline'], msg: 'Node post_writer_1: input outline is not wired' },
      { loc: ['body', 'edges', 'e1'], msg: 'Edge e1 joins incompatible fields' },
      { loc: ['body', 'name'], msg: 'Required' },
    ]);

    expect(errors.nodes).toEqual({
      post_writer_1: [{ field: 'outline', msg: 'Node post_writer_1: input outline is not wired' }],
    });
    expect(errors.edges).toEqual({ e1: 'Edge e1 joins incompatible fields' });
    expect(errors.general).toEqual(['body.name -> Required']);
  });
});

describe('field compatibility', () => {
  it('joins fields of the same shape whatever their wording, and a value into an optional field of its type', () => {
    expect(fieldsCompatible({ type: 'string', description: 'The topic' }, { type: 'string' })).toBe(true);
    expect(
      fieldsCompatible(
        { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        { type: 'array', items: { type: 'string' } },
      ),
    ).toBe(true);
    expect(fieldsCompatible({ type: 'string' }, { type: 'array', items: { type: 'string' } })).toBe(false);
    expect(fieldsCompatible(undefined, { type: 'string' })).toBe(false);
  });
});
