// Content collections, one module per area so each feature owns its own schemas.
// Each module exports an object of collections; they are merged here.
import { calculatorCollections } from './content/_schemas/calculator.ts';
import { landingCollections } from './content/_schemas/landing.ts';
import { transcriptCollections } from './content/_schemas/transcript.ts';

export const collections = {
  ...landingCollections,
  ...calculatorCollections,
  ...transcriptCollections,
};
