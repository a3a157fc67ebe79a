import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '../../lib/context.ts';

/** What an invite token says about itself, under the server's signature. */
export interface InviteClaims {
  inviteId: string;
  projectId: string;
  role: Role;
  /** Whole seconds: the token carries it as a Unix time. */
  expiresAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ROLES: ReadonlySet<string> = new Set<Role>(['owner', 'editor', 'viewer']);
const BASE64URL = /^[A-Za-z0-9_-]{43}$/; // 32 bytes: the secret part and the signature
/** Named in what is signed, so a signature made for anything else under the same key never passes for an invite. */
const PURPOSE = 'inkpilot-invite-v1';

function sign(key: Buffer, unsigned: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}.${unsigned}`).digest();
}

/**
 * `<invite id>.<project id>.<role>.<expiry (Unix seconds)>.<secret>.<HMAC-SHA256 of the rest>`: the server tells a link
 * it made from anything else before reading the database; the secret part is what the database keeps the hash of.
 */
export function signInviteToken(key: Buffer, claims: InviteClaims, secret: string): string {
  const unsigned = [
    claims.inviteId,
    claims.projectId,
    claims.role,
    Math.floor(claims.expiresAt.getTime() / 1000),
    secret,
  ].join('.');
  return `${unsigned}.${sign(key, unsigned).toString('base64url')}`;
}

/** The claims and secret of a token this server signed with `key`; undefined for anything malformed, altered or signed elsewhere. */
export function readInviteToken(key: Buffer, token: string): (InviteClaims & { secret: string }) | undefined {
  const parts = token.split('.');
  if (parts.length !== 6) return undefined;
  const [inviteId, projectId, role, expiry, secret, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (
    !UUID.test(inviteId) ||
    !UUID.test(projectId) ||
    !ROLES.has(role) ||
    !/^\d{1,12}$/.test(expiry) ||
    !BASE64URL.test(secret) ||
    !BASE64URL.test(signature)
  )
    return undefined;
  const expected = sign(key, parts.slice(0, 5).join('.'));
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { inviteId, projectId, role: role as Role, expiresAt: new Date(Number(expiry) * 1000), secret };
}
