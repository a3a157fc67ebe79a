// The plan task's user-facing texts (spec §5, §8 where the spec gives them).

export const NO_STYLE_GUIDE = 'No style guide found for this project.';
export const PLAN_QUEUED = 'Kicking off your 30-day content plan...';
export const PLAN_WORKING = 'Planning your 30 days...';
export const PLAN_READY = 'Your 30-day plan is ready!';
export const PLAN_FAILED = 'Plan generation failed. Please try again.';
