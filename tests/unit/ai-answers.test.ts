// What real model answers look like around the part that matters: reasoning blocks, prose and fences around JSON,
// continuations that restart the cut sentence, a fence around a whole markdown answer, schemas for structured outputs.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unwrapFence } from '../../api/providers/ai/answer-text.ts';
import { joinContinuation } from '../../api/providers/ai/continuation.ts';
import { extractJsonObject, objectSpans } from '../../api/providers/ai/extract-json.ts';
import { stripReasoning } from '../../api/providers/ai/reasoning.ts';
import { nextMode, responseFormat, responseSchema } from '../../api/providers/ai/response-format.ts';
import { planSchema } from '../../api/providers/ai/content-plan.ts';

describe('stripReasoning', () => {
  it('removes a leading <think> block (DeepSeek-R1)', () => {
    expect(stripReasoning('<think>\nThe user wants {json}.\n</think>\n\n{"a": 1}')).toBe('{"a": 1}');
  });

  it('removes blocks between and after parts of the answer (Qwen3), whatever the tag is called', () => {
    const answer =
      '<think>plan</think>\nFirst part.\n\n<thinking>more</thinking>\nSecond part.\n<reasoning>x</reasoning>';

    expect(stripReasoning(answer)).toBe('First part.\n\n\nSecond part.');
  });

  it('drops everything before a closing tag whose opening the chat template swallowed', () => {
    expect(stripReasoning('I should answer in JSON.\n</think>\n\n{"a": 1}')).toBe('{"a": 1}');
  });

  it('drops a block still open when the answer ended (the model thought until the limit)', () => {
    expect(stripReasoning('Answer first.\n<think>and then it kept thinking')).toBe('Answer first.');
    expect(stripReasoning('<think>only thinking')).toBe('');
  });

  it('leaves an answer without reasoning as it is, tags in upper case included', () => {
    expect(stripReasoning('  Plain answer with <b>html</b>.  ')).toBe('Plain answer with <b>html</b>.');
    expect(stripReasoning('<THINK>x</THINK>Done')).toBe('Done');
  });
});

describe('extractJsonObject', () => {
  it('reads an answer that is only the object', () => {
    expect(extractJsonObject(' {"a": [1, 2]} ')).toEqual({ a: [1, 2] });
  });

  it('reads the object out of a fence surrounded by prose with braces of its own', () => {
    const answer =
      'Sure! Here is the JSON {as requested}:\n\n```json\n{"title": "x"}\n```\n\nLet me know about the {tone}.';

    expect(extractJsonObject(answer)).toEqual({ title: 'x' });
  });

  it('reads an object in prose with no fence, braces and quotes inside its strings included', () => {
    const answer = 'Here you go: {"a": "a } brace and a \\" quote {", "b": {"c": true}} — hope it helps {really}.';

    expect(extractJsonObject(answer)).toEqual({ a: 'a } brace and a " quote {', b: { c: true } });
  });

  it('finds the object after a stray brace in prose and inside an unlabelled fence', () => {
    expect(extractJsonObject('Use {curly braces: {"a": 1}')).toEqual({ a: 1 });
    expect(extractJsonObject('```\n{"a": 2}\n```')).toEqual({ a: 2 });
  });

  it('finds nothing in prose, in a bare array, or in an object cut before its end', () => {
    expect(extractJsonObject('No JSON here at all.')).toBeUndefined();
    expect(extractJsonObject('[{"a": 1}]')).toEqual({ a: 1 }); // the object inside is still one
    expect(extractJsonObject('{"entries": [{"title": "cut')).toBeUndefined();
  });

  it('lists balanced spans from every opening brace, strings respected', () => {
    expect([...objectSpans('x {"a": "}"} y {"b": {"c": 1}}')]).toEqual(['{"a": "}"}', '{"b": {"c": 1}}', '{"c": 1}']);
  });
});

describe('joinContinuation', () => {
  it('joins a continuation that starts where the text stopped, repetitive text included', () => {
    expect(joinContinuation('{"entries": [{"ti', 'tle": "x"}]}')).toBe('{"entries": [{"title": "x"}]}');
    expect(joinContinuation('ha ha ha ha ha ha ha ', 'ha ha ha ha ha ha.')).toBe(
      'ha ha ha ha ha ha ha ha ha ha ha ha ha.',
    );
  });

  it('drops a fence the model put around a continuation of a text cut mid-line', () => {
    expect(joinContinuation('{"a": "cut', '```json\n here"}\n```')).toBe('{"a": "cut here"}');
  });

  it('keeps a code block that starts a continuation of a text cut at a line end', () => {
    expect(joinContinuation('Intro.\n', '```js\ncode\n```')).toBe('Intro.\n```js\ncode\n```');
  });
});

describe('unwrapFence', () => {
  it('removes a fence around the whole markdown answer', () => {
    expect(unwrapFence('```markdown\n## Title\n\nText.\n```')).toBe('## Title\n\nText.');
    expect(unwrapFence('```\n## Title\n```\n')).toBe('## Title');
  });

  it('keeps code blocks that are part of the post', () => {
    const post = 'Intro.\n\n```js\nconsole.log(1);\n```\n\nOutro.';
    expect(unwrapFence(post)).toBe(post);
    const codeOnly = '```js\nconsole.log(1);\n```';
    expect(unwrapFence(codeOnly)).toBe(codeOnly);
  });
});

describe('response formats', () => {
  it('falls back from structured outputs to JSON mode to instructions, then has nothing left', () => {
    expect(nextMode('json_schema')).toBe('json_object');
    expect(nextMode('json_object')).toBe('instructions');
    expect(nextMode('instructions')).toBeUndefined();
  });

  it('turns a zod schema into a strict json_schema format without the limits zod checks anyway', () => {
    const format = responseFormat('json_schema', planSchema, 'workflow:plan ideas');

    expect(format).toMatchObject({ type: 'json_schema', json_schema: { name: 'workflow_plan_ideas', strict: true } });
    const text = JSON.stringify(format);
    for (const keyword of ['minLength', 'maxLength', 'minItems', 'maxItems', 'default', '$schema'])
      expect(text).not.toContain(`"${keyword}"`);
    expect(text).toContain('"enum":["informational","commercial","transactional","navigational"]');
  });

  it('is not strict when an object has optional properties', () => {
    expect(responseSchema(z.object({ a: z.string(), b: z.string().optional() })).strict).toBe(false);
    expect(responseSchema(z.object({ a: z.string(), b: z.string().nullable() })).strict).toBe(true);
  });

  it('asks for JSON mode or for nothing', () => {
    expect(responseFormat('json_object', planSchema, 'x')).toEqual({ type: 'json_object' });
    expect(responseFormat('instructions', planSchema, 'x')).toBeUndefined();
  });
});
