-- Issue 27: AI providers as they really behave.

-- How each AI server (base URL + model) takes requests for JSON, found by asking: structured outputs (json_schema),
-- JSON mode (json_object) or the instruction alone. Kept so that a restart does not probe the server again.
create table ai_provider_modes (
  base_url text not null,
  model text not null,
  json_mode text not null check (json_mode in ('json_schema', 'json_object', 'instructions')),
  updated_at timestamptz not null default now(),
  primary key (base_url, model)
);

-- A server that answers without `usage` gets its tokens estimated from the text (about 4 characters a token).
alter table ai_usage add column tokens_estimated boolean not null default false;

-- What planned each calendar entry: the model's name, or the offline composer; null for an entry a person added.
alter table calendar_entries add column written_by text;
