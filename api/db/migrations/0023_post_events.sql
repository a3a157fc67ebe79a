-- Issue 23: one post lifecycle (api/services/posts/lifecycle.ts) and its transactional outbox.
--
-- A post can now be scheduled: status 'scheduled' with published_at = the time it goes live (as Ghost models it);
-- the post-schedule job publishes it then. The hosted blog shows status 'published' only, so nothing changes there.
alter table blog_posts drop constraint blog_posts_status_check;
alter table blog_posts add constraint blog_posts_status_check check (status in ('draft', 'scheduled', 'published'));
create index blog_posts_scheduled_idx on blog_posts (published_at) where status = 'scheduled';

-- Every transition of a post appends one row here in its own transaction. The post-events job consumes the rows of
-- its deployment (job_queue, like brand_tasks and workflow_runs) in id order per post, fans each out to the
-- subscribers (api/services/posts/subscribers/) and marks it consumed. No foreign keys: an event outlives its post
-- (the 'deleted' event is the last word about it) and its project.
create table post_events (
  id bigint generated always as identity primary key,
  -- the pg-boss queue (with JOBS_QUEUE_PREFIX) whose consumer owns the row
  job_queue text not null,
  post_id uuid not null,
  project_id uuid not null,
  kind text not null check (kind in ('created', 'updated', 'scheduled', 'published', 'unpublished', 'deleted')),
  -- the post's version after the transition (every transition bumps it once, so one event per version)
  version integer not null,
  -- the status and slug after the transition (status null once deleted) and before it (null when just created):
  -- enough for a subscriber to know whether the post is or was live and whether its address moved
  status text check (status in ('draft', 'scheduled', 'published')),
  previous_status text check (previous_status in ('draft', 'scheduled', 'published')),
  slug text not null,
  previous_slug text,
  -- who made the change: {"kind":"user","user_id":…} or {"kind":"system","project_id":…} (workflow runs, the schedule)
  actor jsonb not null,
  created_at timestamptz not null default now(),
  -- failed deliveries so far and the last reason (a subscriber threw); the post's later events wait meanwhile
  attempts integer not null default 0,
  last_error text,
  consumed_at timestamptz,
  unique (post_id, version)
);
create index post_events_pending_idx on post_events (job_queue, id) where consumed_at is null;

-- Which subscriber has applied which event: written in the subscriber's own transaction, so a consumer killed between
-- two subscribers repeats neither. Rows go once their event is consumed.
create table post_event_deliveries (
  event_id bigint not null references post_events(id) on delete cascade,
  subscriber text not null,
  delivered_at timestamptz not null default now(),
  primary key (event_id, subscriber)
);

-- The blog cache now hears about post changes from the outbox's consumer (subscriber blog_cache), not from a trigger:
-- nothing else listens for post changes. A TRUNCATE is no transition of the lifecycle (an operator's bulk wipe), so
-- its 'reset' notification (migration 0013) stays.
drop trigger blog_posts_changed on blog_posts;
drop function inkpilot_notify_blog_change();
