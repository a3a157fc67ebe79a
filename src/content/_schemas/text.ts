// The field builders every copy schema uses, so each field says in plain words what it is and what is allowed.
import { z } from 'astro/zod';

/** A required line of copy: `what` is the field's label in the editor and in build errors. */
export const text = (what: string) => z.string().min(1, `${what} must not be empty`).describe(what);

/** Copy that may be left empty to show nothing; the editor leaves an emptied field out of the file, so a missing key reads as "". */
export const optionalText = (what: string) => z.string().default('').describe(`${what} (leave empty for none)`);

/** "{n} and {total}"; a placeholder given as "country|countryInText" reads "{country} or {countryInText}". */
const named = (placeholders: string[]) => placeholders.map((choice) => choice.split('|').map((name) => `{${name}}`).join(' or ')).join(' and ');

/**
 * A label with placeholders the code fills in, e.g. "Save {percent}%"; the build refuses it without them. A
 * placeholder written "a|b" may be either one (the page fills both).
 */
export const template = (what: string, ...placeholders: [string, ...string[]]) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .refine((value) => placeholders.every((choice) => choice.split('|').some((name) => value.includes(`{${name}}`))), {
      message: `${what} must contain ${named(placeholders)}, which the page replaces with the real values`,
    })
    .describe(`${what} (must contain ${named(placeholders)})`);
