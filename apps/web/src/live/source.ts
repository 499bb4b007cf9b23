import { api } from '../lib/api';
import { keys } from '../lib/query';

/** Key of the one server a share page (and its socket) is about. */
export const SHARED_KEY = 'shared';

/**
 * Where a dashboard reads its REST data: a server of the organisation (`/api/v1/servers/<id>`, signed in) or a
 * share link (`/api/v1/public/<token>`, no sign-in). `key` is the live store's key for it.
 */
export interface DataSource {
  key: string;
  base: string;
  auth: boolean;
}

/** A GET below the source's base path (the same routes exist for servers and share links). */
export function get<T>(src: DataSource, path: string): Promise<T> {
  return api<T>('GET', `${src.base}${path}`, undefined, { auth: src.auth });
}

/**
 * The query-key prefix of everything read for a source: a server's reads sit under its detail key (`['servers',
 * id, ...]`), a share link's under `['public', base, ...]`.
 */
export function sourceKey(src: DataSource): readonly unknown[] {
  return src.auth ? keys.server(src.key) : ['public', src.base];
}

/** The prefix of a live-store key's reads (a share page watches one server at a time: all public reads). */
export function storeKeyPrefix(key: string): readonly unknown[] {
  return key === SHARED_KEY ? ['public'] : keys.server(key);
}

export const liveKeys = {
  latest: (src: DataSource, kind: string) => [...sourceKey(src), 'latest', kind] as const,
  recent: (src: DataSource, intervalSeconds: number, count: number) =>
    [...sourceKey(src), 'recent', intervalSeconds, count] as const,
  history: (src: DataSource, range: string, stepSeconds: number) =>
    [...sourceKey(src), 'history', range, stepSeconds] as const,
  /** Every history read of a live-store key (invalidated after a re-join, to fill what was missed). */
  historyOf: (key: string) => [...storeKeyPrefix(key), 'history'] as const,
};
