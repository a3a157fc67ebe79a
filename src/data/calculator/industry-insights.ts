// Generic insight content per industry: what the panel shows when no country record overrides a field.
import { CALCULATOR_LINK, SIGNUP_LINK, STAT_MOBILE, STAT_PROFILE, STAT_SEARCH } from './claims.ts';
import type { IndustryCode, InsightContent, KeywordIdea, Volume } from './types.ts';

const STATS = [STAT_SEARCH, STAT_MOBILE, STAT_PROFILE];

function kw(keyword: string, intent: string, volume: Volume): KeywordIdea {
  return { keyword, intent, volume };
}

function idea(title: string, description: string) {
  return { title, description, link: SIGNUP_LINK };
}

function strategy(name: string, description: string) {
  return { strategy: name, description, link: CALCULATOR_LINK };
}

/** Insight panel content per industry (spec §3 industry profile `insights`). */
export const INDUSTRY_INSIGHTS: Record<IndustryCode, InsightContent> = {
  'local-services': {
    title: 'Local Services SEO Insights',
    description: 'Trades win jobs from "near me" searches. A complete profile, fast reviews and service-area pages decide who gets the call.',
    stats: STATS,
    keywords: [kw('plumber in [city]', 'Transactional', 'High'), kw('emergency electrician [city]', 'Transactional', 'High'), kw('best cleaning service [area]', 'Commercial', 'Medium'), kw('landscaper near [zip code]', 'Transactional', 'Low')],
    contentIdeas: [idea('Seasonal maintenance checklist', 'A checklist for the season ahead that answers the questions customers ask before they book.'), idea('Cost guide for your top service', 'Explain what drives the price of your most requested job, in plain words.'), idea('Service-area pages', 'One page per town you serve, with real jobs and photos from each.')],
    linkBuilding: [strategy('Local supplier partnerships', 'Ask the suppliers and trade associations you already work with to list you on their sites.'), strategy('Community sponsorships', 'Sponsor a local team or event that links back to your website.')],
  },
  healthcare: {
    title: 'Healthcare SEO Insights',
    description: 'Patients compare nearby practices on trust: reviews, credentials, clear booking and accurate opening hours.',
    stats: STATS,
    keywords: [kw('dentist near [city]', 'Transactional', 'High'), kw('[medical specialty] clinic [city]', 'Transactional', 'Medium'), kw('walk-in clinic [neighbourhood]', 'Transactional', 'Medium'), kw('physiotherapist [area] reviews', 'Commercial', 'Low')],
    contentIdeas: [idea('What to expect at your first visit', 'Walk new patients through the appointment step by step.'), idea('Answers to common patient questions', 'Short, reviewed answers to the questions your front desk hears most.'), idea('Meet the team', 'Profiles that show each practitioner\'s qualifications and specialty.')],
    linkBuilding: [strategy('Professional directories', 'Keep your listing complete and consistent in the directories of your professional bodies.'), strategy('Community health talks', 'Give a talk at a local school, library or employer and ask for a link on their event page.')],
  },
  restaurants: {
    title: 'Restaurant SEO Insights',
    description: 'Diners decide in minutes from photos, reviews, menus and opening hours on the map.',
    stats: STATS,
    keywords: [kw('restaurants near [city]', 'Transactional', 'High'), kw('best [cuisine type] in [city]', 'Commercial', 'High'), kw('brunch [neighbourhood]', 'Transactional', 'Medium'), kw('private dining [area]', 'Commercial', 'Low')],
    contentIdeas: [idea('Seasonal menu announcements', 'Publish each new menu with photos so searches for dishes find you.'), idea('The story behind a signature dish', 'Where the recipe comes from and who cooks it.'), idea('Local events calendar', 'Live music, tastings and holiday menus in one page that you keep current.')],
    linkBuilding: [strategy('Local food guides', 'Invite local food writers and guides to a tasting.'), strategy('Neighbourhood partnerships', 'Team up with nearby venues and businesses for joint offers that link to each other.')],
  },
  beauty: {
    title: 'Beauty & Wellness SEO Insights',
    description: 'Clients book from photos of real work, reviews and easy online booking.',
    stats: STATS,
    keywords: [kw('hair salon [city]', 'Transactional', 'High'), kw('nail salon near [neighbourhood]', 'Transactional', 'Medium'), kw('best spa in [area]', 'Commercial', 'Medium'), kw('bridal makeup [city]', 'Commercial', 'Low')],
    contentIdeas: [idea('Before and after gallery', 'Show real results for each service, with the client\'s consent.'), idea('Aftercare guides', 'How to keep a colour, a treatment or a manicure looking fresh.'), idea('Trend explainers', 'The looks clients ask for this season and who they suit.')],
    linkBuilding: [strategy('Local wedding and event vendors', 'Exchange referrals and links with planners, photographers and venues.'), strategy('Product brand stockist pages', 'Ask the brands you use to list your salon as a stockist.')],
  },
  legal: {
    title: 'Legal Services SEO Insights',
    description: 'Clients look for proven local expertise: practice-area pages, credentials and reviews that show results.',
    stats: STATS,
    keywords: [kw('[specialty] lawyer [city]', 'Transactional', 'High'), kw('divorce lawyer near [county]', 'Transactional', 'Medium'), kw('free legal consultation [city]', 'Transactional', 'Medium'), kw('how long does probate take in [state]', 'Informational', 'Low')],
    contentIdeas: [idea('Practice-area guides', 'One clear guide per practice area, written for people facing the problem for the first time.'), idea('Process timelines', 'What happens, step by step, from first call to resolution.'), idea('Local law explainers', 'How the rules of your state or province differ, in plain words.')],
    linkBuilding: [strategy('Bar association and legal directories', 'Complete your profile in the directories your bar or law society runs.'), strategy('Community legal education', 'Write for local papers and community sites about rights people often miss.')],
  },
  retail: {
    title: 'Retail SEO Insights',
    description: 'Shoppers check stock, hours and directions before they visit. Show what is on the shelf today.',
    stats: STATS,
    keywords: [kw('gift shop [city]', 'Transactional', 'High'), kw('where to buy running shoes in [city]', 'Transactional', 'Medium'), kw('open now [neighbourhood]', 'Transactional', 'Medium'), kw('independent bookshop [area]', 'Commercial', 'Low')],
    contentIdeas: [idea('Gift guides by budget', 'Curated picks from your own shelves for the holidays and occasions.'), idea('New arrivals', 'A regular post on what just came in, with photos.'), idea('Local maker spotlights', 'Stories about the local makers you stock.')],
    linkBuilding: [strategy('Local business associations', 'Join your high-street or business association and its member directory.'), strategy('Local maker collaborations', 'Co-host events with makers you stock and link to each other.')],
  },
};
