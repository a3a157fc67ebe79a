// The hosted blog's brand colour and title: one rule for the API that stores them and the workspace that shows them.
// The blog is white; its links (and any button) are drawn in this colour, so it must be readable on white.
import { DEFAULT_PROJECT_NAME } from './types.ts';

/** What the blog uses until the project sets its own colour (projects.blog_accent_color's default, migration 0012). */
export const DEFAULT_BLOG_ACCENT = '#4f46e5';

/** WCAG 2 AA for normal-size text: links in running text need at least this contrast against the page. */
export const MIN_ACCENT_CONTRAST = 4.5;

export const INVALID_ACCENT = 'Please enter a colour as #rrggbb, like #4f46e5.';

/** '#RRGGBB' in any case → '#rrggbb'; null when it is not a six-digit hex colour. */
export function normaliseAccent(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  return /^#[0-9a-f]{6}$/.test(trimmed) ? trimmed : null;
}

/** The WCAG contrast ratio of a '#rrggbb' colour against white, from 1 (white) to 21 (black). */
export function contrastOnWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

/** Why a colour cannot be the blog's accent, or null when it can. */
export function accentProblem(text: string): string | null {
  const hex = normaliseAccent(text);
  if (!hex) return INVALID_ACCENT;
  if (contrastOnWhite(hex) >= MIN_ACCENT_CONTRAST) return null;
  return `${hex} is too light on the blog's white page (contrast ${shownContrast(hex)}); links and buttons need at least ${MIN_ACCENT_CONTRAST}:1. Choose a darker colour.`;
}

/** The contrast on white as people read it, '6.5:1': rounded down, so a refused colour never reads as reaching 4.5. */
export function shownContrast(hex: string): string {
  return `${(Math.floor(contrastOnWhite(hex) * 10) / 10).toFixed(1)}:1`;
}

/**
 * The hosted blog's title: the project's name, or the website's own name while the project still has the default
 * name nobody chose ("Untitled Project"), so a blog is never published as "Untitled Project" once its site is known.
 */
export function blogTitle(project: { name: string; brand_name: string | null }): string {
  return project.name === DEFAULT_PROJECT_NAME && project.brand_name ? project.brand_name : project.name;
}
