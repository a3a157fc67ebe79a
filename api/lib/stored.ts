/**
 * An entity of src/lib/<entity>/schema.ts as a query returns it: the timestamps `K` still Date objects (null where the
 * entity allows null), which the JSON answer writes as the ISO text the schema describes. Row types derive from the
 * entity this way instead of repeating its fields.
 */
export type Stored<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Date | null : Date };
