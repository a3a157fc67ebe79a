-- Issue 25: blog analytics without cookies. The hosted blog counts its page views on the server (no cookie, no
-- script, no address stored), adds them up in memory and writes them here in batches (api/blog/analytics/).

-- Page views of each day (UTC), per page, referrer host and country. post_id null: a page that is not a post (the
-- home page, a tag page, page N). No foreign key on post_id: a deleted post's views stay in the blog's totals.
create table blog_views (
  project_id uuid not null references projects(id) on delete cascade,
  day date not null,
  post_id uuid,
  referrer_host text not null default '' check (length(referrer_host) <= 253),
  country text not null default '' check (country = '' or country ~ '^[A-Z]{2}$'),
  views integer not null check (views >= 0),
  constraint blog_views_key unique nulls not distinct (project_id, day, post_id, referrer_host, country)
);
create index blog_views_post on blog_views (post_id, day) where post_id is not null;

-- Readers of each day: of the whole blog (post_id null) and of each post; each reader counted once a day.
create table blog_visitors (
  project_id uuid not null references projects(id) on delete cascade,
  day date not null,
  post_id uuid,
  visitors integer not null check (visitors >= 0),
  constraint blog_visitors_key unique nulls not distinct (project_id, day, post_id)
);

-- Today's readers, each a salted hash of address and user agent (never the address), so that every process counts a
-- reader once a day. A day's rows are deleted once the day is over, with its salt: after that the hashes could not
-- be matched to anyone, and nothing needs them.
create table blog_readers (
  day date not null,
  project_id uuid not null references projects(id) on delete cascade,
  post_id uuid,
  reader text not null,
  constraint blog_readers_key unique nulls not distinct (day, project_id, post_id, reader)
);
create index blog_readers_project on blog_readers (project_id);

-- The random salt of each day's reader hashes, made the day before so every process has it at midnight, and deleted
-- as soon as its day is over: it is never kept past its day.
create table blog_reader_salts (
  day date primary key,
  salt text not null
);
