import type { Config } from '../../config.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { RateLimitError } from '../../lib/errors.ts';
import { giveBackHit, secondsUntilFree, takeHit } from './queries.ts';

/** The AI-costing things a caller can start, each limited per user and per project over a rolling hour. */
export type CostlyAction = 'style_guide' | 'brand' | 'plan' | 'run' | 'translation';

const ACTIONS: Record<
  CostlyAction,
  { noun: string; perUser: (config: Config) => number; perProject: (config: Config) => number }
> = {
  style_guide: {
    noun: 'style guide generations',
    perUser: (config) => config.THROTTLE_GUIDES_PER_USER,
    perProject: (config) => config.THROTTLE_GUIDES_PER_PROJECT,
  },
  brand: {
    noun: 'website analyses',
    perUser: (config) => config.THROTTLE_BRAND_PER_USER,
    perProject: (config) => config.THROTTLE_BRAND_PER_PROJECT,
  },
  plan: {
    noun: '30-day plans',
    perUser: (config) => config.THROTTLE_PLANS_PER_USER,
    perProject: (config) => config.THROTTLE_PLANS_PER_PROJECT,
  },
  run: {
    noun: 'workflow runs',
    perUser: (config) => config.THROTTLE_RUNS_PER_USER,
    perProject: (config) => config.THROTTLE_RUNS_PER_PROJECT,
  },
  // A translation costs about what a run's writing does: counted on its own, within the runs' numbers.
  translation: {
    noun: 'post translations',
    perUser: (config) => config.THROTTLE_RUNS_PER_USER,
    perProject: (config) => config.THROTTLE_RUNS_PER_PROJECT,
  },
};

/** A start counted against the limits; give it back when the work was refused or never queued after all. */
export interface ThrottleSlot {
  release(): Promise<void>;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const inMinutes = (seconds: number) => (minutes(seconds) === 1 ? '1 minute' : `${minutes(seconds)} minutes`);

/**
 * Counts one start of `action` for the caller and the project, or refuses it (rate limited: when to retry, what to do)
 * once either has started the hour's limit (THROTTLE_* settings). Work the system starts for a project (the autopilot,
 * scheduled runs) is bounded by the plan's allowance instead and is not counted.
 */
export async function takeThrottleSlot(
  ctx: ServiceContext,
  action: CostlyAction,
  projectId: string,
): Promise<ThrottleSlot> {
  if (ctx.actor.kind === 'system') return { release: async () => {} };
  const { noun, perUser, perProject } = ACTIONS[action];
  const userKey = `${action}:user:${ctx.actor.user.id}`;
  const projectKey = `${action}:project:${projectId}`;
  const taken = await takeHit(ctx.sql, {
    userKey,
    userLimit: perUser(ctx.config),
    projectKey,
    projectLimit: perProject(ctx.config),
  });
  if ('refused' in taken) {
    const mine = taken.refused === 'user';
    const seconds = await secondsUntilFree(
      ctx.sql,
      mine ? userKey : projectKey,
      mine ? perUser(ctx.config) : perProject(ctx.config),
    );
    const who = mine ? 'You have' : 'This project has';
    throw new RateLimitError(
      `${who} started too many ${noun} in the last hour. Try again in ${inMinutes(seconds)}.`,
      seconds,
    );
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await giveBackHit(ctx.sql, [userKey, projectKey], taken.minute);
    },
  };
}
