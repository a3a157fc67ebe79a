// Local insight records per country and industry (spec §3), generated from the market table.
// Coverage: local-services, healthcare, restaurants everywhere; legal only for ca; content ideas for every
// pair except restaurants and us healthcare; link building for local-services in the 21 countries that also
// have a country profile, and for healthcare in in.
import { SIGNUP_LINK, STAT_FIRST, STAT_RESULTS, STAT_SEARCH } from '../claims.ts';
import type { InsightRecord, KeywordIdea } from '../types.ts';
import { MARKETS, type Market } from './markets.ts';

const PROFILE_COUNTRIES = new Set(['us', 'uk', 'ca', 'au', 'de', 'fr', 'jp', 'br', 'in', 'it', 'es', 'nl', 'se', 'no', 'dk', 'ch', 'at', 'be', 'pl', 'cz', 'mx']);
const STATS = [STAT_SEARCH, STAT_FIRST, STAT_RESULTS];

function keywords(term: string, m: Market): KeywordIdea[] {
  return [
    { keyword: `${term} ${m.city}`, intent: 'Transactional', volume: 'High' },
    { keyword: `${term} ${m.region}`, intent: 'Transactional', volume: 'Medium' },
    { keyword: `${term} ${m.city} ${m.region}`, intent: 'Commercial', volume: 'Low' },
  ];
}

function idea(title: string, description: string) {
  return { title, description, link: SIGNUP_LINK };
}

function localServices(m: Market): InsightRecord {
  const record: InsightRecord = {
    stats: STATS,
    keywords: keywords(m.terms.services, m),
    contentIdeas: [
      idea(`Service-area pages for ${m.name}`, `One page per town or district you cover in ${m.name}, written in the words your customers search with.`),
      idea(`A seasonal checklist for ${m.name}`, `What homes and businesses in ${m.name} need before each season, with a clear call to book.`),
    ],
  };
  if (PROFILE_COUNTRIES.has(m.code)) {
    record.linkBuilding = [
      { strategy: `Business directories in ${m.name}`, description: `List the business with the same name, address and phone in the main ${m.name} directories and trade registers.`, link: SIGNUP_LINK },
      { strategy: 'Local chamber of commerce', description: `Join your local chamber or trade association in ${m.name}; member pages link to your site.`, link: SIGNUP_LINK },
    ];
  }
  return record;
}

function healthcare(m: Market): InsightRecord {
  const record: InsightRecord = { stats: STATS, keywords: keywords(m.terms.health, m) };
  if (m.code !== 'us') {
    record.contentIdeas = [
      idea(`Patient guides for ${m.name}`, `How appointments, referrals and payment work at your practice in ${m.name}.`),
      idea('Practitioner profiles', 'Qualifications and specialties of each practitioner, reviewed before publishing.'),
    ];
  }
  if (m.code === 'in') {
    record.linkBuilding = [{ strategy: 'Medical directories in India', description: 'Keep complete, consistent listings on the doctor-discovery platforms your patients use.', link: SIGNUP_LINK }];
  }
  return record;
}

function restaurants(m: Market): InsightRecord {
  return { stats: STATS, keywords: keywords(m.terms.food, m) };
}

function legalCanada(m: Market): InsightRecord {
  return {
    stats: STATS,
    keywords: [
      { keyword: `lawyer ${m.city}`, intent: 'Transactional', volume: 'High' },
      { keyword: `[specialty] lawyer ${m.region}`, intent: 'Transactional', volume: 'Medium' },
      { keyword: `notary ${m.city}`, intent: 'Transactional', volume: 'Low' },
    ],
    contentIdeas: [idea('Provincial law explainers', 'How the rules differ between provinces, in plain words, for the areas you practise.')],
  };
}

/** Insight records keyed by country code, then industry code. */
export const LOCAL_INSIGHTS: Record<string, Record<string, InsightRecord>> = Object.fromEntries(
  MARKETS.map((m) => {
    const byIndustry: Record<string, InsightRecord> = { 'local-services': localServices(m), healthcare: healthcare(m), restaurants: restaurants(m) };
    if (m.code === 'ca') byIndustry.legal = legalCanada(m);
    return [m.code, byIndustry];
  }),
);
