-- Issue 15: the hosted blog caches rendered pages per process; these triggers tell every process, at commit, that a
-- project's blog changed (a post written, published, unpublished or deleted; the project's domain, slug or brand;
-- a new project, whose slug may be a host some process has answered 404 for). Payload 'blog:<project id>'.

create function inkpilot_notify_blog_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('inkpilot_changes', 'blog:' || old.project_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform pg_notify('inkpilot_changes', 'blog:' || new.project_id);
  end if;
  return null;
end $$;

create function inkpilot_notify_project_blog_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('inkpilot_changes', 'blog:' || coalesce(new.id, old.id));
  return null;
end $$;

create trigger blog_posts_changed after insert or update or delete on blog_posts
  for each row execute function inkpilot_notify_blog_change();
create trigger blog_posts_truncated after truncate on blog_posts
  for each statement execute function inkpilot_notify_reset();
create trigger projects_blog_changed after insert or update or delete on projects
  for each row execute function inkpilot_notify_project_blog_change();
