-- Issue 24: brand voice from example articles. A project keeps up to 3 example article addresses beside its homepage;
-- a brand task records the ones it reads and what became of each (read, or why not); a style guide stores the voice
-- measured from them (src/lib/voice/schema.ts: voice_profile), the sentences it quotes (voice_examples) and the
-- articles it was measured from (voice_articles).
alter table projects
  add column brand_example_urls text[] not null default '{}'
    constraint projects_brand_example_urls_max check (cardinality(brand_example_urls) <= 3);

alter table brand_tasks
  add column example_urls text[] not null default '{}',
  add column example_results jsonb not null default '[]';

alter table prompts
  add column voice_profile jsonb,
  add column voice_examples jsonb not null default '[]',
  add column voice_articles jsonb not null default '[]';
