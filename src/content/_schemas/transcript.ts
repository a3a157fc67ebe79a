// Collections for the transcript pages; see src/content.config.ts.
export const transcriptCollections = {};
