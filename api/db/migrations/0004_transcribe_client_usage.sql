-- Per-client daily allowance of the public transcriber (TRANSCRIBE_CLIENT_DAILY_CAP), beside the site-wide one in
-- transcribe_daily_usage. The client is an IPv4 address or an IPv6 /64 (api/lib/client-address.ts clientKey).
-- Both count transcriptions that reached speech-to-text: a slot is reserved before the fetch and handed back when
-- the work fails before the provider transcribed anything.
create table transcribe_client_daily_usage (
  day date not null,
  client text not null,
  transcriptions integer not null,
  primary key (day, client)
);
