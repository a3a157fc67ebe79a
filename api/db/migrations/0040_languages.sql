-- Issue 24, languages: what a project, a calendar entry and a post are written in, and posts linked as translations of
-- each other. A language is an ISO 639-1 code, optionally with a region or script (pt, pt-BR, sr-Latn); the list of
-- codes is src/lib/languages/codes.ts, which the API checks against.

alter table projects
  -- the language the brand guide, the plan and the posts are written in
  add column language text not null default 'en'
    check (language ~ '^[a-z]{2}(-([A-Za-z]{4}|[A-Za-z]{2}|[0-9]{3}))?$'),
  -- whether a person chose it; until then the brand task takes the website's <html lang> for it
  add column language_chosen boolean not null default false,
  -- the website's <html lang> as the brand task found it (a suggestion, like brand_name)
  add column brand_language text check (brand_language ~ '^[a-z]{2}(-([A-Za-z]{4}|[A-Za-z]{2}|[0-9]{3}))?$');

-- null: the entry's post is written in the project's language
alter table calendar_entries
  add column language text check (language ~ '^[a-z]{2}(-([A-Za-z]{4}|[A-Za-z]{2}|[0-9]{3}))?$');

-- Posts that are translations of each other share a group: the id of the post the first translation was made from
-- (the original, the pages' x-default while it is published). Not a foreign key: the group outlives its original.
-- One post per language in a group.
alter table blog_posts add column translation_group uuid;
create unique index blog_posts_translation_lang_key on blog_posts (translation_group, lang)
  where translation_group is not null;

-- A translation is long work (the model translates the whole post): a task the editor polls, worked by a job.
create table post_translations (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  source_post_id uuid references blog_posts(id) on delete set null,
  language text not null check (language ~ '^[a-z]{2}(-([A-Za-z]{4}|[A-Za-z]{2}|[0-9]{3}))?$'),
  status text not null default 'pending' check (status in ('pending', 'in_progress', 'complete', 'error')),
  message text not null default '',
  -- the cause for operators when it failed (the message says it in the user's words)
  error text,
  -- the translated post, once made
  post_id uuid references blog_posts(id) on delete set null,
  job_id uuid,
  job_queue text,
  attempts integer not null default 0,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index post_translations_project_idx on post_translations (project_id, created_at desc);
create index post_translations_source_idx on post_translations (source_post_id);
create index post_translations_post_idx on post_translations (post_id);
create index post_translations_created_by_idx on post_translations (created_by);
create index post_translations_open_idx on post_translations (job_queue) where status in ('pending', 'in_progress');
