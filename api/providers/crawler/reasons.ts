// Why a website could not be read, in words its owner can act on (shown under the spec's "Brand processing failed").
import type { SafeFetchError } from '../safe-fetch/index.ts';

/** The network errors that mean the site itself cannot be reached (as opposed to one page going wrong). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPROTO',
]);

/** True when a failed fetch says the site cannot be reached at all, so trying its homepage too would only wait. */
export function meansUnreachable(error: SafeFetchError): boolean {
  if (error.reason === 'timeout') return true;
  if (error.reason !== 'network') return false;
  return UNREACHABLE_CODES.has(error.code ?? '') || /certificate|ssl|tls/i.test(error.message);
}

/** The sentence for a site that could not be reached or read, naming its host. */
export function unreachableReason(error: SafeFetchError, host: string, seconds: number): string {
  if (error.reason === 'timeout') return `${host} did not answer within ${seconds} seconds. Check that the site is up.`;
  if (error.reason === 'blocked' || error.reason === 'bad_url') return error.message;
  if (error.reason === 'too_large') return 'The homepage is larger than 2 MB, too large to read.';
  if (error.reason === 'too_many_redirects') return 'The homepage redirects too many times.';
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Could not find ${host}: no server answers to that name. Check the address for typos.`;
    case 'ECONNREFUSED':
      return `Could not connect to ${host}: the connection was refused. Check the address and that the site is up.`;
    case 'ECONNRESET':
      return `Could not connect to ${host}: the connection was closed before the page arrived.`;
    default:
      return /certificate|ssl|tls/i.test(error.message)
        ? `Could not connect securely to ${host}: its HTTPS certificate was not accepted (${error.message}).`
        : `Could not connect to ${host} (${error.message}).`;
  }
}

export const ROBOTS_FORBID = 'The site’s robots.txt does not allow reading it (our crawler is InkpilotBot).';

/** The sentence for a homepage that answered with something other than a readable HTML page. */
export function notHtmlReason(status: number, contentType: string): string {
  if (status !== 200) return `The homepage answered HTTP ${status} instead of a page.`;
  const type = contentType.split(';')[0]?.trim();
  return `The homepage is not an HTML page (it is ${type || 'of an unknown type'}).`;
}
