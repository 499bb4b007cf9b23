/** Injection tokens of the poller's plain (non-Nest) collaborators. */
export const POLL_EXECUTOR = Symbol('POLL_EXECUTOR');
export const SAMPLE_WRITER = Symbol('SAMPLE_WRITER');
export const GAME_TRANSPORT = Symbol('GAME_TRANSPORT');
