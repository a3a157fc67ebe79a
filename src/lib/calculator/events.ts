// Events the calculator island sends to the server-rendered parts of its page.

/** Fired on window with the business type chosen in the questionnaire (detail: an industry code, or null after reset). */
export const BUSINESS_TYPE_EVENT = 'inkpilot:business-type';
