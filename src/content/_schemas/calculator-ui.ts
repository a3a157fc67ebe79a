// Schema of the calculator's questionnaire, results, recommendations and market sentences
// (src/content/calculator-ui/ui.yaml). The page passes this copy to the calculator island as a prop.
import { z } from 'astro/zod';
import { optionalText, template, text } from './text.ts';

const option = z.object({ label: text('Answer shown to the visitor'), hint: optionalText('Small line under the answer') }).strict();
const question = <K extends string>(what: string, keys: readonly [K, ...K[]]) =>
  z
    .object({
      title: text('Question'),
      options: z
        .object(Object.fromEntries(keys.map((key) => [key, option.describe(`Answer "${key}"`)])) as Record<K, typeof option>)
        .strict()
        .describe('Answers (their keys are fixed by the calculator)'),
    })
    .strict()
    .describe(what);

const recommendation = z
  .object({
    title: text('Recommendation heading'),
    description: text('Recommendation text'),
    impact: text('Impact, e.g. High'),
    timeframe: text('Timeframe, e.g. 2-4 weeks'),
    frequency: text('How often, e.g. Monthly'),
  })
  .strict();

/** The rule ids of src/lib/calculator/recommendations.ts; each gets its words here. */
export const RECOMMENDATION_IDS = ['website', 'profile', 'reviews', 'mobile', 'compliance', 'content', 'keywords', 'consistency', 'areaPages', 'structuredData', 'speed', 'competitors', 'booking', 'photos', 'hours', 'links'] as const;

export const calculatorUiSchema = z
  .object({
    picker: z
      .object({ country: text('Country select label'), global: text('Country choice for all countries'), industry: text('Industry select label'), allIndustries: text('Industry choice for all industries') })
      .strict()
      .describe('Country and industry pickers'),
    questionnaire: z
      .object({
        formLabel: text('Name of the form for screen readers'),
        progress: template('Progress line', 'n', 'total'),
        progressLabel: text('Name of the progress bar for screen readers'),
        back: text('Back button'),
        next: text('Next button'),
        submit: text('Button on the last question (spec: Get My Analysis)'),
        analyzing: text('Shown while the analysis runs (spec: Analyzing...)'),
      })
      .strict()
      .describe('Questionnaire buttons and progress'),
    questions: z
      .object({
        businessType: z.object({ title: text('Question') }).strict().describe('First question; its answers are the industries'),
        serviceArea: question('Second question: the service area', ['single-city', 'metro-area', 'county-wide', 'multi-county']),
        currentSituation: question('Third question: the current situation', ['no-website', 'basic-website', 'some-seo', 'good-seo']),
        competition: question('Fourth question: the competition', ['low', 'medium', 'high', 'very-high']),
      })
      .strict()
      .describe('The four questions'),
    results: z
      .object({
        heading: text('Results heading'),
        reset: text('Reset button'),
        scores: text('Scores heading'),
        current: text('Current score label'),
        potential: text('Potential score label'),
        improvement: text('Improvement label'),
        subScores: z
          .object({ gmb: text('Business profile score'), citations: text('Citations score'), reviews: text('Reviews score'), keywords: text('Keywords score'), speed: text('Site speed score') })
          .strict()
          .describe('Names of the five sub-scores'),
        bands: z
          .object({ excellent: text('Band for 80 and above'), good: text('Band for 60 to 79'), fair: text('Band for 40 to 59'), poor: text('Band below 40') })
          .strict()
          .describe('Names of the score bands'),
        traffic: text('Traffic heading'),
        now: text('Label before today’s figure'),
        potentialFigure: text('Label before the potential figure'),
        visits: text('Unit after a traffic figure'),
        revenue: template('Revenue heading', 'currency'),
        projection: text('Projection heading'),
        chart: z
          .object({
            title: text('Name of the projection chart for screen readers'),
            summary: template('Description of the chart for screen readers', 'from', 'fromVisits', 'to', 'toVisits'),
            showTable: text('Opens the table of the projection'),
            month: text('Table column: month'),
            visits: text('Table column: visits'),
            revenue: text('Table column: revenue'),
            growth: text('Table column: growth'),
          })
          .strict()
          .describe('Projection chart and its table'),
        timeline: text('Timeline heading'),
        timelineLead: text('Line before the expected time'),
        recommendations: text('Recommendations heading'),
        impact: text('Impact label'),
        timeframe: text('Timeframe label'),
        frequency: text('Frequency label'),
        priorities: z
          .object({ critical: text('Priority: critical'), high: text('Priority: high'), medium: text('Priority: medium'), low: text('Priority: low') })
          .strict()
          .describe('Priority names of the recommendations'),
        insights: text('Local insights heading'),
        competitionLevel: text('Competition level label'),
        avgPerformance: text('Average performance label'),
        peakSearchTimes: text('Peak search times label'),
        mobileShare: text('Mobile search share label'),
        reviewImportance: text('Review importance label'),
        benchmarks: text('Benchmarks heading'),
        benchmarkLabels: z
          .object({ marketEntry: text('Benchmark at 30'), average: text('Benchmark at 55'), topPerformers: text('Benchmark at 85') })
          .strict()
          .describe('Names of the three benchmarks'),
        yourScore: text('Line before the visitor’s score under the benchmarks'),
      })
      .strict()
      .describe('Results'),
    recommendations: z.object(Object.fromEntries(RECOMMENDATION_IDS.map((id) => [id, recommendation.describe(`Recommendation "${id}"`)])) as Record<(typeof RECOMMENDATION_IDS)[number], typeof recommendation>).strict().describe('The 16 recommendations; which ones show is decided by the calculator'),
    insights: z
      .object({
        yourArea: text('Stands in for the place on the generic page'),
        landscape: template('Market sentence', 'country', 'crowd', 'sector'),
        landscapeUnknown: template('Market sentence when the number of businesses is unknown', 'where', 'sector'),
        crowd: z
          .object({ large: text('Over 300,000 businesses'), medium: text('100,000 to 300,000 businesses'), small: text('Fewer than 100,000 businesses') })
          .strict()
          .describe('How crowded the market is, for {crowd}'),
        competition: z
          .object({ high: text('Competition: high'), mediumHigh: text('Competition: medium to high'), medium: text('Competition: medium') })
          .strict()
          .describe('Competition levels'),
        avgPerformance: text('Average performance sentence'),
        mobile: z
          .object({ about: text('Mobile share up to 60%'), over: text('Mobile share 60-75%'), wellOver: text('Mobile share over 75%') })
          .strict()
          .describe('Mobile search share wordings'),
        reviewImportance: z
          .object({ veryHigh: text('Reviews: very high'), high: text('Reviews: high'), medium: text('Reviews: medium') })
          .strict()
          .describe('Review importance levels'),
        tips: z
          .object({
            profile: text('Tip when the business profile is critical'),
            trust: text('Tip when trust is critical'),
            serviceArea: text('Tip when the service area matters'),
            hours: text('Tip when opening hours matter'),
            booking: text('Tip when online booking matters'),
            peak: template('Tip about the peak search time', 'hours'),
          })
          .strict()
          .describe('Tips under the local insights'),
      })
      .strict()
      .describe('Local insights: market sentences and tips'),
  })
  .strict();

export type CalculatorUi = z.infer<typeof calculatorUiSchema>;
