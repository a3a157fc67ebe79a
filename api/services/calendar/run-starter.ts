import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';

/** What the calendar asks of the runs engine (h13a's startWorkflowRun). */
export type StartRun = (args: {
  ctx: ServiceContext;
  input: { projectId: string; topic: string; target_keyword?: string; secondary_keywords?: string[]; outline?: string; calendar_entry_id?: string; publish?: boolean };
}) => Promise<{ run_id: string; queue_item_id: string }>;

/** Placeholder until the runs engine lands: generation answers 503. */
export const startRun: StartRun = async () => {
  throw new AppError(503, 'Post generation is not available yet.');
};
