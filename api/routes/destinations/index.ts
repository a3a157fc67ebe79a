import { createDestinationRoute, testDestinationRoute } from './create.ts';
import { destinationKindsRoute, listDestinationsRoute } from './list.ts';
import { deleteDestinationRoute, updateDestinationRoute } from './update.ts';

/** Publishing destinations of a project (issue 28): kinds, list, test connection, add, change, remove. */
export const destinationsRoutes = [
  destinationKindsRoute,
  listDestinationsRoute,
  testDestinationRoute,
  createDestinationRoute,
  updateDestinationRoute,
  deleteDestinationRoute,
];
