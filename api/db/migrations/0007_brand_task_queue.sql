-- The pg-boss queue a brand task's job was sent to (queue names carry JOBS_QUEUE_PREFIX), so a worker's start-up
-- sweep settles only the tasks of its own queue when several deployments share one database.
alter table brand_tasks add column job_queue text;
create index brand_tasks_open_queue_idx on brand_tasks (job_queue) where status in ('pending', 'in_progress');
