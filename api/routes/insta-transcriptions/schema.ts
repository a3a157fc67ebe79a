import { z } from 'zod';
import { errorBody, operation } from '../../lib/openapi.ts';

const wholeNumber = (name: string, max: number) => {
  const message = `${name} must be a whole number from 1 to ${max}.`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message });
};

export const pageQuery = z.object({
  page: wholeNumber('page', 100_000).default(1),
  limit: wholeNumber('limit', 50).default(20),
});

export const tagParam = z.object({ tag: z.string() });
export const slugParam = z.object({ slug: z.string() });

export const operations = [
  operation({
    method: 'get',
    path: '/api/insta-transcriptions/tags',
    tag: 'Transcriber',
    public: true,
    summary: 'The gallery tag index.',
    responses: { 200: { description: 'Tags with counts.' } },
  }),
  operation({
    method: 'get',
    path: '/api/insta-transcriptions/tags/{tag}',
    tag: 'Transcriber',
    public: true,
    summary: 'One page of a tag.',
    params: tagParam,
    query: pageQuery,
    responses: { 200: { description: 'Transcripts of the tag.' } },
  }),
  operation({
    method: 'get',
    path: '/api/insta-transcriptions/{slug}',
    tag: 'Transcriber',
    public: true,
    summary: 'One transcript by its slug.',
    params: slugParam,
    responses: {
      200: { description: 'The transcript.' },
      404: { description: 'No such transcript.', schema: errorBody },
    },
  }),
];
