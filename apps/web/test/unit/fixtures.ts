import type { Me } from '../../src/lib/account';

/** A signed-in user as GET /api/v1/me answers (Team plan, admin of one organisation); override what a test needs. */
export function aMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    email: 'pioneer@example.com',
    email_verified: true,
    name: 'Pioneer',
    created_at: '2026-01-01T00:00:00.000Z',
    locale: null,
    organisation_id: 'o1',
    role: 'admin',
    organisations: [{ id: 'o1', name: 'FICSIT', personal: false, role: 'admin' }],
    plan: {
      id: 'team',
      max_servers: 15,
      retention_hours: 2160,
      api_access: true,
      api_daily_quota: 100_000,
      intervals_seconds: {
        health: 10,
        power: 30,
        players: 30,
        production: 30,
        trains: 30,
        drones: 30,
        factory: 60,
        addon: 30,
        generators: 15,
        extractors: 30,
        drone_stations: 30,
        inventory: 30,
        storage: 30,
        resource_sink: 60,
        session: 10,
      },
    },
    ...overrides,
  };
}
