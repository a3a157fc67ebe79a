import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Base from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';

/**
 * axe-core's minified build: the same engine and version as the package's default (its axe.js), a third less time to
 * evaluate in each page (0.65 MB instead of 1.5 MB; docs/decisions.md, "Test suite time").
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The builder's include/exclude selectors and run options, which the base class keeps in fields its types hide. */
interface BuilderState {
  includes: Axe.SerialFrameSelector[];
  excludes: Axe.SerialFrameSelector[];
  option: Axe.RunOptions;
}

/**
 * @axe-core/playwright's AxeBuilder, checking a page that has no frames in one pass inside it. By default every
 * analyze() injects axe, runs it in parts, then opens a blank page, injects axe there again and merges the parts: the
 * way to reach cross-origin frames, and on our frameless pages more than twice the time of a scan for the same
 * violations. On a frameless page axe is injected once and run as the package's legacy mode runs it (the same
 * context and options), reporting only the violations in full: axe's `resultTypes: ['violations']` keeps every node
 * of every violation and trims passes, incomplete and inapplicable results to their first node, the costly part of
 * a scan (unique selectors and HTML for every node that passed). A test that needs those asks for them with
 * `.options({ resultTypes: [...] })`. A page with a frame keeps the package's default run.
 * Browser tests import AxeBuilder from here (tests/e2e/README.md).
 */
export default class AxeBuilder extends Base {
  readonly #target: Page;

  constructor(options: ConstructorParameters<typeof Base>[0]) {
    super({ axeSource: AXE_SOURCE, ...options });
    this.#target = options.page;
  }

  override async analyze(): Promise<Axe.AxeResults> {
    if (this.#target.frames().length !== 1) return super.analyze();
    const { includes, excludes, option } = this as unknown as BuilderState;
    const context = { include: includes.length ? includes : [], exclude: [...excludes] };
    await this.#target.evaluate(AXE_SOURCE);
    const outcome = await this.#target.evaluate(
      async ({ context, options }) => {
        const { axe } = window as unknown as { axe: typeof Axe };
        axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });
        try {
          return { results: await axe.run(context as Axe.ElementContext, options), error: null };
        } catch (error) {
          return { results: null, error: (error as Error).message };
        }
      },
      { context, options: { resultTypes: ['violations'], ...option } satisfies Axe.RunOptions },
    );
    if (!outcome.results) throw new Error(`axe: ${outcome.error}`);
    return outcome.results;
  }
}
