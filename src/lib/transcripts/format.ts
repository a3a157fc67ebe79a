// Display rules of the gallery (spec §5, §9.5), shared by server-rendered pages and islands.
import type { Transcription } from './types.ts';

export const TOP_TAGS = 8;
export const PAGE_SIZE = 20;
export const PREVIEW_CHARS = 120;
export const CARD_TAGS = 2;
export const MAX_PAGE_BUTTONS = 5;

/** Tag chip colours by usage: 10+ purple, 5+ blue, 3+ green, else grey (light and dark variants). */
export function tagColor(count: number): string {
  if (count >= 10) return 'bg-purple-100 text-purple-900 dark:bg-purple-900/60 dark:text-purple-100';
  if (count >= 5) return 'bg-blue-100 text-blue-900 dark:bg-blue-900/60 dark:text-blue-100';
  if (count >= 3) return 'bg-green-100 text-green-900 dark:bg-green-900/60 dark:text-green-100';
  return 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100';
}

/** Short month and day ("Nov 23"), with the year where the spec asks for it (tag index). */
export function shortDate(value: string | Date, withYear = false): string {
  return new Date(value).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** The first 120 characters of a transcript for a card. */
export function preview(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS).trimEnd()}…` : text;
}

/** Up to 2 tags and how many more there are (the "+n"). */
export function cardTags(tags: string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, CARD_TAGS), more: Math.max(0, tags.length - CARD_TAGS) };
}

/** Gallery cards only for items with a thumbnail or media, a transcript and a title (spec §5). */
export function isShowable(item: Transcription): boolean {
  return Boolean((item.thumbnail_url || item.media_url) && item.transcription.trim() && item.title.trim());
}

/** Page buttons 1-5 (at most 5, never past the last page). */
export function pageButtons(totalPages: number): number[] {
  return Array.from({ length: Math.min(MAX_PAGE_BUTTONS, totalPages) }, (_, index) => index + 1);
}
