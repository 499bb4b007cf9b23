/** Injection tokens of the poller's plain (non-Nest) collaborators. */
export const POLL_EXECUTOR = Symbol('POLL_EXECUTOR');
export const SAMPLE_WRITER = Symbol('SAMPLE_WRITER');
export const STATUS_TRACKER = Symbol('STATUS_TRACKER');
export const PG_POOL = Symbol('PG_POOL');
export const PG_READ_POOL = Symbol('PG_READ_POOL');
export const GAME_TRANSPORT = Symbol('GAME_TRANSPORT');
