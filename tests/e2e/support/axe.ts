import Base from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * @axe-core/playwright's AxeBuilder, checking a page that has no frames in one pass inside it. By default every
 * analyze() injects axe, runs it in parts, then opens a blank page, injects axe there again and merges the parts: the
 * way to reach cross-origin frames, and on our frameless pages half the time of a scan for the same results (same
 * violations and passes, measured on the sitemap's pages; docs/decisions.md, "Test suite time"). A page with a frame
 * keeps the default. Browser tests import AxeBuilder from here (tests/e2e/README.md).
 */
export default class AxeBuilder extends Base {
  readonly #target: Page;

  constructor(options: ConstructorParameters<typeof Base>[0]) {
    super(options);
    this.#target = options.page;
  }

  override async analyze(): ReturnType<Base['analyze']> {
    if (this.#target.frames().length === 1) this.setLegacyMode(true);
    return super.analyze();
  }
}
