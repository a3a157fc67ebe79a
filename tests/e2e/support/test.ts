import { test as base, expect } from '@playwright/test';

export { expect };
export type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

/**
 * Playwright's test with one automatic check: any Content-Security-Policy violation on any page of the test
 * (a blocked script, frame, style or request, or a violation report) fails it, so the CSP cannot silently break a page.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      context.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy|CSP violation/i.test(text))
          violations.push(`${message.page()?.url() ?? ''}: ${text}`);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
