// Kept apart from sources.ts (zod) so the workspace can check a link without loading a schema library.

/** Whether a text is an absolute http(s) address a link may point at: never javascript:, data: or "//host". */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value);
}
