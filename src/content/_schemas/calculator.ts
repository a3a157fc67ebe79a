// Collections for the calculator pages; see src/content.config.ts.
export const calculatorCollections = {};
