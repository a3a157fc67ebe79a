-- Issue 27: the on-page checklist, the quality gate and the AI-assisted note.
-- A project's gate: the lowest checklist score the autopilot (and runs started to publish) may put live, and whether
-- unsupported or copied claims hold a post back; and whether its hosted blog marks generated posts "AI-assisted".
alter table projects
  add column quality_min_score smallint not null default 70 check (quality_min_score between 0 and 100),
  add column quality_hold_claims boolean not null default true,
  add column ai_disclosure boolean not null default false;

-- A post keeps the median words of the competitor pages its run read (the checklist's length target), and, when the
-- gate kept it from going live, why: {"score", "min_score", "reasons": [...], "held_at"}. Publishing it clears that.
alter table blog_posts
  add column competitor_words integer check (competitor_words is null or competitor_words >= 0),
  add column quality_hold jsonb;

-- The dashboard's "held back" list reads a project's held drafts.
create index blog_posts_held on blog_posts (project_id, updated_at desc) where quality_hold is not null;
