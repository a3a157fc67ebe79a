// The quality gate (issue 27): what the autopilot, and runs started to publish, ask before a post goes live. The
// server stores the reasons with a post it held back; the editor shows the same reasons before a person publishes.
import type { Checklist, RuleResult } from './types.ts';

/** A project's gate: the lowest score that publishes, and whether unsupported or copied claims hold a post back. */
export interface GateSettings {
  min_score: number;
  hold_claims: boolean;
}

/** The gate's defaults for a new project. */
export const DEFAULT_GATE: GateSettings = { min_score: 70, hold_claims: true };

/** A claim of the post as the fact check marked it (issue 27, writer). */
export interface CheckedClaim {
  text: string;
  state: 'supported' | 'unsupported' | 'uncited';
}

/** Unsupported claims named in a reason; more are counted ("and 2 more"), so a calendar card stays short. */
const NAMED_CLAIMS = 3;

export interface GateVerdict {
  passes: boolean;
  /** Why the post is held back, each a sentence a writer can act on; empty when it passes. */
  reasons: string[];
}

/** The failing rules a writer should fix first, heaviest first, at most three. */
function fixFirst(rules: RuleResult[]): string {
  return rules
    .filter((rule) => rule.state === 'fail')
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 3)
    .map((rule) => `${rule.label.charAt(0).toLowerCase()}${rule.label.slice(1)}`)
    .join(', ');
}

/** "2 claims are not supported by the source cited for them: “40 bakers”, “3 hours”." — the claims by their words. */
function unsupportedReason(claims: CheckedClaim[]): string {
  const one = claims.length === 1;
  const named = claims.slice(0, NAMED_CLAIMS).map((claim) => `“${claim.text}”`);
  const more = claims.length - named.length;
  const list = more ? `${named.join(', ')} and ${more} more` : named.join(', ');
  return `${claims.length} ${one ? 'claim is' : 'claims are'} not supported by the source cited for ${one ? 'it' : 'them'}: ${list}.`;
}

/** Whether a checked post passes the project's gate, and why not. */
export function gateVerdict(checklist: Checklist, settings: GateSettings, claims: CheckedClaim[] = []): GateVerdict {
  const reasons: string[] = [];
  if (checklist.score < settings.min_score) {
    const first = fixFirst(checklist.rules);
    reasons.push(
      `Score ${checklist.score} is below the project's minimum of ${settings.min_score}${first ? ` (fix first: ${first})` : ''}.`,
    );
  }
  if (settings.hold_claims) {
    const unsupported = claims.filter((claim) => claim.state === 'unsupported');
    if (unsupported.length) reasons.push(unsupportedReason(unsupported));
    if (checklist.rules.some((rule) => rule.id === 'copied' && rule.state === 'fail'))
      reasons.push('Text is copied from a source without quotation marks.');
  }
  return { passes: reasons.length === 0, reasons };
}
