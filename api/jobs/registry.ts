import type { WorkerDefinition } from './boss.ts';
import { autopilotWorker } from './autopilot.ts';
import { brandGuideWorker } from './brand-guide.ts';
import { contentPlanWorker } from './content-plan.ts';
import { deliveriesWorker } from './deliveries.ts';
import { postEventsWorker } from './post-events.ts';
import { postScheduleWorker } from './post-schedule.ts';
import { searchConsoleInspectWorker, searchConsoleMetricsWorker } from './search-console.ts';
import { postTranslationWorker } from './post-translation.ts';
import { workflowRunWorker } from './workflow-run.ts';

/** Every queue of the app and its worker; later issues append theirs. */
export const WORKERS: WorkerDefinition[] = [
  brandGuideWorker,
  workflowRunWorker,
  contentPlanWorker,
  autopilotWorker,
  postEventsWorker(),
  postScheduleWorker,
  deliveriesWorker,
  searchConsoleInspectWorker,
  searchConsoleMetricsWorker,
  postTranslationWorker,
];
