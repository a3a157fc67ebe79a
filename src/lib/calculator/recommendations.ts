// About 12 recommendations: the five triggers of spec §9.3 first, then the rest of the list (our choice).
import type { CountryProfile, IndustryCore } from '../../data/calculator/types.ts';
import type { Answers, Priority, Recommendation, Scores } from './types.ts';

const ORDER: Priority[] = ['critical', 'high', 'medium', 'low'];
export const MAX_RECOMMENDATIONS = 12;

type Rule = [when: boolean, priority: Priority, title: string, description: string, impact: string, timeframe: string, frequency: string];

/** Review weight the reviews trigger compares with 0.9: the higher of the country's and the industry's. */
export function reviewWeight(country: CountryProfile, industry: IndustryCore): number {
  return Math.max(country.localSearchTrends.reviewImportance, industry.localFactors.reviewImportance);
}

/** The recommendation list for one analysis, most urgent first, at most 12. */
export function recommend(answers: Answers, scores: Scores, country: CountryProfile, industry: IndustryCore): Recommendation[] {
  const f = industry.localFactors;
  const wide = answers.serviceArea !== 'single-city';
  const crowded = answers.competition === 'high' || answers.competition === 'very-high';
  const rules: Rule[] = [
    [answers.currentSituation === 'no-website', 'critical', 'Launch a fast, mobile-friendly website', 'Without a website you cannot rank for local searches. Start with one page per service and clear contact details.', 'Very high', '2-4 weeks', 'Once'],
    [scores.gmb < 50, 'high', 'Complete your Google Business Profile', 'Fill in every field, choose the right categories, add photos and keep hours current. Complete profiles get far more clicks.', 'High', '1-2 weeks', 'Monthly'],
    [reviewWeight(country, industry) > 0.9, 'high', 'Ask every happy customer for a review', 'Reviews weigh heavily in your market. Send a short review link after each job and answer every review.', 'High', 'Ongoing', 'Weekly'],
    [country.localSearchTrends.mobileShare > 0.75, 'high', 'Design for mobile first', 'Most local searches in your market happen on phones: tap-to-call, fast pages and a short booking form.', 'High', '2-4 weeks', 'Once'],
    [f.complianceRequired === true, 'high', 'Keep marketing compliant', `${industry.name} advertising has professional rules. Review claims, testimonials and privacy notices before publishing.`, 'Medium', '1-2 weeks', 'Quarterly'],
    [true, 'high', 'Publish local content every week', 'Answer the questions customers search for in your area. A 30-day content plan keeps it on autopilot.', 'High', '3-6 months', 'Weekly'],
    [answers.currentSituation !== 'good-seo', 'medium', 'Target local keywords on every page', 'Put the service and the place in titles, headings and the first paragraph of each page.', 'High', '2-4 weeks', 'Once, then quarterly'],
    [true, 'medium', 'Make your business details consistent', 'Use the same name, address and phone on your site and in every directory listing.', 'Medium', '2-4 weeks', 'Quarterly'],
    [wide || f.serviceAreaImportant === true, 'medium', 'Create a page for each area you serve', 'One useful page per town or district, with local jobs, photos and directions.', 'Medium', '1-2 months', 'Once per area'],
    [true, 'medium', 'Add LocalBusiness structured data', 'Structured data tells search engines your address, hours and services precisely.', 'Medium', '1 week', 'Once'],
    [true, 'medium', 'Make pages load fast', 'Fast pages keep visitors; aim for pages that load in about half a second.', 'Medium', '1-2 weeks', 'Quarterly'],
    [crowded, 'medium', 'Watch what nearby competitors rank for', 'Track the competitors above you in the map results and close the gaps in their services and content.', 'Medium', 'Ongoing', 'Monthly'],
    [f.appointmentBooking === true, 'medium', 'Offer online booking', 'Let visitors book from your profile and your site without calling.', 'Medium', '1-2 weeks', 'Once'],
    [f.photosImportant === true || f.beforeAfterPhotos === true, 'low', 'Post fresh photos', 'Real photos of your work, team and place make listings more inviting.', 'Medium', 'Ongoing', 'Weekly'],
    [f.hoursImportant === true, 'low', 'Keep opening hours exact', 'Update holiday and special hours ahead of time so nobody arrives to a closed door.', 'Low', '1 day', 'Before each holiday'],
    [true, 'low', 'Earn local links', 'Sponsorships, associations and partners in your area can link to your site.', 'Medium', '3-6 months', 'Monthly'],
  ];
  return rules
    .filter(([when]) => when)
    .map(([, priority, title, description, impact, timeframe, frequency]) => ({ priority, title, description, impact, timeframe, frequency }))
    .sort((a, b) => ORDER.indexOf(a.priority) - ORDER.indexOf(b.priority))
    .slice(0, MAX_RECOMMENDATIONS);
}
