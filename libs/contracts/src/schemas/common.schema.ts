import { z } from 'zod';

/** An ISO 8601 UTC timestamp as sent on the wire. */
export const Timestamp = z.iso.datetime({ offset: false });
export type Timestamp = z.infer<typeof Timestamp>;

/** A UUID (server, organisation, incident ids). */
export const Uuid = z.uuid();
export type Uuid = z.infer<typeof Uuid>;

/** Derived status of a game server; `unknown` before the first poll, `loading` while a save loads. */
export const ServerStatus = z.enum(['unknown', 'online', 'degraded', 'offline', 'loading']);
export type ServerStatus = z.infer<typeof ServerStatus>;

/** Whether the Ficsit Remote Monitoring add-on answers. */
export const AddonStatus = z.enum(['unknown', 'available', 'unavailable']);
export type AddonStatus = z.infer<typeof AddonStatus>;

/**
 * What a poll job fetches; each kind has its own interval in the plan (`storage` shares `inventory`'s, `session`
 * shares `health`'s).
 */
export const PollKind = z.enum([
  'health',
  'power',
  'players',
  'production',
  'trains',
  'drones',
  'factory',
  'generators',
  'extractors',
  'drone_stations',
  'inventory',
  'storage',
  'resource_sink',
  'session',
  'addon',
]);
export type PollKind = z.infer<typeof PollKind>;

/** A role in an organisation. */
export const MembershipRole = z.enum(['admin', 'operator', 'viewer']);
export type MembershipRole = z.infer<typeof MembershipRole>;

/**
 * A language people read the platform in: the dashboard's (a user's choice) and a notification channel's alert
 * messages. ISO 639-1 codes; a new one needs a migration (the `locale` type), its dashboard texts and its alert
 * message catalogue in libs/alerts.
 */
export const Locale = z.enum(['en', 'de', 'es', 'fr', 'nl']);
export type Locale = z.infer<typeof Locale>;
