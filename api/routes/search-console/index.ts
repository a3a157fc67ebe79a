import {
  connectSearchConsoleRoute,
  disconnectSearchConsoleRoute,
  getSearchConsoleRoute,
  searchConsoleCallbackRoute,
  searchConsoleVerificationRoute,
} from './connection.ts';
import {
  chooseSearchConsolePropertyRoute,
  searchConsolePropertiesRoute,
  submitSearchConsoleSitemapRoute,
} from './properties.ts';
import { searchConsoleInsightsRoute, searchConsolePostRoute, searchConsolePostsRoute } from './reports.ts';

/** /api/projects/{id}/search-console: the Google connection, its property and sitemap, and what it reports (issue 25). */
export const searchConsoleRoutes = [
  getSearchConsoleRoute,
  connectSearchConsoleRoute,
  searchConsoleCallbackRoute,
  searchConsoleVerificationRoute,
  disconnectSearchConsoleRoute,
  searchConsolePropertiesRoute,
  chooseSearchConsolePropertyRoute,
  submitSearchConsoleSitemapRoute,
  searchConsolePostsRoute,
  searchConsolePostRoute,
  searchConsoleInsightsRoute,
];
