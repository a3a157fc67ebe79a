// Country and industry selects: each choice is its own prebuilt page, so a change navigates there.
import { calculatorPath } from '../../lib/calculator/paths.ts';

export interface Option {
  code: string;
  name: string;
}
interface Props {
  labels: { country: string; global: string; industry: string; allIndustries: string };
  country?: string;
  industry?: string;
  countries: Option[];
  industries: Option[];
}

const SELECT =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Navigates to the variant page for the chosen country and industry. */
export default function MarketPicker({ labels, country, industry, countries, industries }: Props) {
  const go = (nextCountry: string, nextIndustry: string) => {
    window.location.assign(calculatorPath(nextCountry || undefined, nextIndustry || undefined));
  };
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-2">
      <label className="text-sm font-medium">
        {labels.country}
        <select className={SELECT} value={country ?? ''} onChange={(e) => go(e.target.value, industry ?? '')}>
          <option value="">{labels.global}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        {labels.industry}
        <select className={SELECT} value={industry ?? ''} onChange={(e) => go(country ?? '', e.target.value)}>
          <option value="">{labels.allIndustries}</option>
          {industries.map((i) => (
            <option key={i.code} value={i.code}>
              {i.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
