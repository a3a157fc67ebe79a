import { getAutopilotRoute, setAutopilotRoute } from './autopilot.ts';
import { competitionRoute } from './competition.ts';
import { createEntryRoute } from './create.ts';
import { deleteEntryRoute, getEntryRoute, updateEntryRoute } from './entries.ts';
import { generateEntryRoute } from './generate.ts';
import { listEntriesRoute, listFailuresRoute } from './list.ts';

/** /api/calendar: the content calendar's entries, the keyword competition check and the autopilot settings. */
export const calendarRoutes = [
  listEntriesRoute,
  createEntryRoute,
  competitionRoute,
  listFailuresRoute,
  getAutopilotRoute,
  setAutopilotRoute,
  getEntryRoute,
  updateEntryRoute,
  deleteEntryRoute,
  generateEntryRoute,
];
