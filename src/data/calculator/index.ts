// The calculator's data tables in one import for pages (the island imports only what it needs). The words that go
// with them (names, insight panels) are content: src/lib/calculator/content.ts assembles them.
import { INDUSTRY_CODES, PAGE_COUNTRY_CODES } from './codes.ts';
import { COUNTRIES } from './countries.ts';
import { INDUSTRY_CORES } from './industries.ts';

export { COUNTRIES, INDUSTRY_CORES, INDUSTRY_CODES, PAGE_COUNTRY_CODES };
