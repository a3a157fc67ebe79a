// The brand task's user-facing texts (spec §8 for the failure and the start message).

export const BRAND_STARTED = 'Started analyzing website and generating style guide...';
export const BRAND_FAILED = 'Brand processing failed. Please try again or provide brand context manually.';
export const BRAND_QUEUED = 'Waiting to start...';
export const BRAND_ALREADY_RUNNING = 'This website is already being analyzed; follow that analysis.';
export const BRAND_RETRYING = 'Something went wrong; trying again...';
export const BRAND_WRITING = 'Writing your brand guide...';
export const BRAND_DONE = 'Your brand guide is ready.';
export const fetchingMessage = (url: string) => `Fetching ${url}...`;
export const readingMessage = (pages: number) => `Reading ${pages} ${pages === 1 ? 'page' : 'pages'}...`;
/** Shown under BRAND_FAILED when the work failed on our side (retries used up), not because of the website. */
export const BRAND_GAVE_UP =
  'We could not finish your brand guide after several attempts. Please try again in a few minutes.';
