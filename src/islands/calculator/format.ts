// Display helpers shared by the result components.
import { scoreBand } from '../../lib/calculator/analyze.ts';

// Four bands (80+, 60+, 40+, below); text colours keep at least 4.5:1 contrast on both themes.
const BAND_CLASSES = {
  excellent: 'text-emerald-700 dark:text-emerald-300',
  good: 'text-sky-700 dark:text-sky-300',
  fair: 'text-amber-800 dark:text-amber-300',
  poor: 'text-red-700 dark:text-red-300',
} as const;

/** Tailwind text colour and label for a score's band; the labels are the editors' (results.bands). */
export function band(
  score: number,
  labels: Record<keyof typeof BAND_CLASSES, string>,
): { className: string; label: string } {
  const key = scoreBand(score);
  return { className: BAND_CLASSES[key], label: labels[key] };
}

/** Whole numbers with thousands separators. */
export function num(value: number): string {
  return value.toLocaleString('en-US');
}

/** An amount with its currency symbol. */
export function money(value: number, symbol: string): string {
  return `${symbol}${num(value)}`;
}
