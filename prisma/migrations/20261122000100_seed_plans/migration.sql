-- Seed the spec's plan table as data (owner: billing-limits). Later edits are made in the table, not in code.
-- Prices in cents, excluding VAT. NULL limits mean "unlimited" (servers) or "per organisation" (retention, quota:
-- see subscriptions.custom_*). Hobby polls at 15 s (the plan table's interval); Pro and up at the per-metric
-- intervals of the spec (10 s health and player count, 15 s power and players, 30 s production, trains and
-- drones, 60 s factory buildings); Free polls everything every 30 s.
INSERT INTO "plans" (
    "id", "name", "sort_order", "price_monthly_cents", "price_yearly_cents", "currency",
    "max_servers", "retention_hours",
    "interval_health_seconds", "interval_power_seconds", "interval_players_seconds",
    "interval_production_seconds", "interval_trains_seconds", "interval_drones_seconds", "interval_factory_seconds",
    "discord_alerts", "multi_channel_alerts", "api_access", "api_daily_quota", "share_links", "roles", "sla"
) VALUES
    ('free',       'Free',       0,    0,     0, 'EUR',    1,   24, 30, 30, 30, 30, 30, 30, 30, false, false, false,   NULL, false, false, NULL),
    ('hobby',      'Hobby',      1,  600,  5800, 'EUR',    2,  168, 15, 15, 15, 30, 30, 30, 60, true,  false, false,   NULL, false, false, NULL),
    ('pro',        'Pro',        2, 1900, 18200, 'EUR',    5,  720, 10, 15, 15, 30, 30, 30, 60, true,  true,  true,   10000, true,  false, NULL),
    ('team',       'Team',       3, 4900, 47000, 'EUR',   15, 2160, 10, 15, 15, 30, 30, 30, 60, true,  true,  true,  100000, true,  true,  '99.9%'),
    ('enterprise', 'Enterprise', 4, NULL,  NULL, 'EUR', NULL, NULL, 10, 15, 15, 30, 30, 30, 60, true,  true,  true,    NULL, true,  true,  '99.99%')
ON CONFLICT ("id") DO NOTHING;
