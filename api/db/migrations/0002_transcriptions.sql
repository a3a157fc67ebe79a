-- Public Reel transcripts and their hashtags (issue 5).
create table transcriptions (
  id uuid primary key,
  slug text not null unique,
  title text not null default '',
  reel_url text not null,
  reel_code text not null unique,
  transcription text not null,
  tags text[] not null default '{}', -- copy of transcription_tags for display, in caption order
  embed_code text not null default '',
  media_url text,
  thumbnail_url text,
  created_at timestamptz not null default now()
);

-- created_at is copied here so a tag page is one index range scan: (tag, newest first).
create table transcription_tags (
  transcription_id uuid not null references transcriptions(id) on delete cascade,
  tag text not null,
  created_at timestamptz not null,
  primary key (transcription_id, tag)
);
create index transcription_tags_page_idx on transcription_tags (tag, created_at desc, transcription_id desc);

-- One row per tag, maintained in the transaction that inserts a transcription: the tag index and the
-- pagination total read it instead of counting transcription_tags.
create table transcription_tag_stats (
  tag text primary key,
  count integer not null,
  first_used timestamptz not null,
  last_used timestamptz not null
);
create index transcription_tag_stats_count_idx on transcription_tag_stats (count desc, tag);

-- Abuse limits of the public transcriber, shared by every API process.
create table transcribe_rate_windows (
  client text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (client, window_start)
);
create index transcribe_rate_windows_start_idx on transcribe_rate_windows (window_start);

create table transcribe_daily_usage (
  day date primary key,
  transcriptions integer not null
);
