/** Fills {name} placeholders of a copy template, e.g. fill('Save {percent}%', { percent: 17 }); unknown ones stay. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
