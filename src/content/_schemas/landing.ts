// Collections for the landing pages; see src/content.config.ts.
export const landingCollections = {};
