-- Issue 22, the privacy policy's deletion promise: an owner deletes a project, a user deletes their account
-- (api/services/privacy/). Both are plain DELETEs whose foreign keys cascade (content) or set null (the few rows that
-- stay, holding no content: usage_events counts a generated post against the account that paid, the audit log
-- records who did what). docs/decisions.md "Issue 22: deleting and exporting data" lists what stays and why.

-- A deleted account's sign-in id, hashed, for as long as an ID token issued before the deletion can live (one
-- hour): a token of the deleted Firebase account must not make a new empty user on its next request. Rows older
-- than that prove nothing and are removed by the next deletion.
create table deleted_sign_ins (
  uid_hash text primary key,
  deleted_at timestamptz not null default now()
);
create index deleted_sign_ins_deleted_idx on deleted_sign_ins (deleted_at);

-- Every foreign key gets an index on its column: a DELETE runs the key's cascade (or set null) once per deleted row,
-- and without one each of those is a scan of the referencing table (deleting a project with 5,000 runs scanned
-- blog_posts, calendar_entries, autopilot_slots and usage_events 5,000 times each). tests/api/deletion-schema.test.ts
-- fails for a foreign key added later without one. Partial: most of these columns are mostly null.
create index usage_events_project_fk_idx on usage_events (project_id) where project_id is not null;
create index usage_events_run_fk_idx on usage_events (run_id) where run_id is not null;
create index usage_events_post_fk_idx on usage_events (post_id) where post_id is not null;
create index blog_posts_run_fk_idx on blog_posts (workflow_run_id) where workflow_run_id is not null;
create index blog_posts_author_fk_idx on blog_posts (author_id) where author_id is not null;
create index workflow_runs_workflow_fk_idx on workflow_runs (workflow_id) where workflow_id is not null;
create index workflow_runs_post_fk_idx on workflow_runs (post_id) where post_id is not null;
create index workflow_runs_created_by_fk_idx on workflow_runs (created_by) where created_by is not null;
create index calendar_entries_plan_task_fk_idx on calendar_entries (plan_task_id) where plan_task_id is not null;
create index calendar_entries_run_fk_idx on calendar_entries (run_id) where run_id is not null;
create index calendar_entries_post_fk_idx on calendar_entries (post_id) where post_id is not null;
create index calendar_entries_created_by_fk_idx on calendar_entries (created_by) where created_by is not null;
create index autopilot_slots_entry_fk_idx on autopilot_slots (entry_id);
create index autopilot_slots_run_fk_idx on autopilot_slots (run_id) where run_id is not null;
create index workflows_source_template_fk_idx on workflows (source_template_id) where source_template_id is not null;
create index workflows_created_by_fk_idx on workflows (created_by) where created_by is not null;
create index prompts_created_by_fk_idx on prompts (created_by) where created_by is not null;
create index brand_tasks_created_by_fk_idx on brand_tasks (created_by) where created_by is not null;
create index brand_tasks_result_prompt_fk_idx on brand_tasks (result_prompt_id) where result_prompt_id is not null;
create index plan_tasks_prompt_fk_idx on plan_tasks (prompt_id) where prompt_id is not null;
create index plan_tasks_created_by_fk_idx on plan_tasks (created_by) where created_by is not null;
create index project_invites_created_by_fk_idx on project_invites (created_by) where created_by is not null;
create index project_invites_accepted_by_fk_idx on project_invites (accepted_by) where accepted_by is not null;
create index projects_created_by_fk_idx on projects (created_by) where created_by is not null;
create index projects_default_prompt_fk_idx on projects (default_prompt_id) where default_prompt_id is not null;
create index subscriptions_override_by_fk_idx on subscriptions (override_by) where override_by is not null;
create index audit_log_actor_fk_idx on audit_log (actor_id) where actor_id is not null;
create index audit_log_subject_fk_idx on audit_log (subject_id) where subject_id is not null;
