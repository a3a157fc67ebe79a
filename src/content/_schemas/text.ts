// The field builders every copy schema uses, so each field says in plain words what it is and what is allowed.
import { z } from 'astro/zod';

/** A required line of copy: `what` is the field's label in the editor and in build errors. */
export const text = (what: string) => z.string().min(1, `${what} must not be empty`).describe(what);

/** Copy that may be left empty to show nothing (the editor writes an empty string rather than leaving the key out). */
export const optionalText = (what: string) => z.string().describe(`${what} (leave empty for none)`);

/** A label with a placeholder the code fills in, e.g. "Save {percent}%"; the build refuses it without the placeholder. */
export const template = (what: string, placeholder: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .refine((value) => value.includes(`{${placeholder}}`), { message: `${what} must contain {${placeholder}}, which the page replaces with the real value` })
    .describe(`${what} (must contain {${placeholder}})`);
