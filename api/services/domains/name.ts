import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

/** The spec's message for any domain that is not a usable host name. */
export const INVALID_DOMAIN = 'Please enter a valid domain.';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A custom blog domain as stored and compared: lower-case ASCII (an IDN becomes punycode), no trailing dot; null when
 * the text is not a bare public host name (a scheme, path, port, query, IP address, single label or localhost).
 * One spelling per domain is what makes the unique index and the Host lookup agree.
 */
export function normaliseDomain(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || /[\s/:?#@\\[\]]/.test(trimmed)) return null;
  const withoutDot = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
  if (isIP(withoutDot) !== 0) return null;
  const ascii = domainToASCII(withoutDot).toLowerCase();
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  const tld = labels.at(-1) ?? '';
  if (/^\d+$/.test(tld)) return null; // 1.2.3.4-like or numeric top-level names are not host names
  if (
    tld === 'localhost' ||
    tld === 'local' ||
    tld === 'internal' ||
    tld === 'test' ||
    tld === 'invalid' ||
    tld === 'example'
  )
    return null;
  return ascii;
}

/**
 * The host of a Host header or one X-Forwarded-Host value: lower case, port and trailing dot removed; an IPv6 literal
 * keeps its brackets ("[::1]"); '' when unusable (a list, spaces, anything a host name cannot hold).
 */
export function hostOf(header: string | undefined): string {
  if (!header) return '';
  let host = header.trim().toLowerCase();
  if (host.startsWith('[')) {
    const literal = /^\[([0-9a-f:.]+)\](?::\d+)?$/.exec(host);
    return literal?.[1] && isIP(literal[1]) === 6 ? `[${literal[1]}]` : '';
  }
  const port = /:\d*$/.exec(host);
  if (port) host = host.slice(0, port.index);
  if (host.endsWith('.')) host = host.slice(0, -1);
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : '';
}

/** The X-Forwarded-Host value the nearest proxy set: the last of a list (earlier ones came from further away). */
export function forwardedHost(header: string): string {
  return hostOf(header.slice(header.lastIndexOf(',') + 1));
}
