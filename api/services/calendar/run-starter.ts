import type { ServiceContext } from '../../lib/context.ts';
import { startWorkflowRun, type StartRunInput } from '../workflows/start-run.ts';

/** What the calendar asks of the runs engine: start the project's default workflow for an entry. */
export type StartRun = (args: {
  ctx: ServiceContext;
  input: StartRunInput;
}) => Promise<{ run_id: string; queue_item_id: string }>;

/** The runs engine's verb (h13a); the autopilot takes it as a parameter so a test can make it fail on purpose. */
export const startRun: StartRun = startWorkflowRun;
