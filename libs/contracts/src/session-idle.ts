/** SESSION_IDLE_TIMEOUT_MINUTES of the api-gateway and the realtime-gateway (both refuse an idle session). */
export const SESSION_IDLE_TIMEOUT_MINUTES = { min: 1, max: 60 * 24 * 90, default: 60 * 24 * 7 } as const;

/** The moments of a session that its idle timeout looks at. */
export interface SessionActivity {
  createdAt: Date;
  /** Last recorded use; null until the first write (then the sign-in is the last use). */
  lastUsedAt: Date | null;
}

/** The longest `last_used_at` may lag behind a session's use: a write at most once a minute. */
const MAX_TOUCH_INTERVAL_MS = 60_000;

/**
 * The idle timeout of dashboard sessions (SESSION_IDLE_TIMEOUT_MINUTES), besides their absolute lifetime: a session
 * not used for that long stops working. The api-gateway records a use in `sessions.last_used_at`, written at most
 * once per {@link touchIntervalMs} (not once per request), and refuses an idle session (401); the realtime-gateway
 * refuses it at the handshake and ends its live connections at most one touch interval after the deadline (a live
 * connection is no use of the API: it writes nothing).
 *
 * How late the rule can be: a token is resolved (and this rule checked) when its principal is not in the 10 s cache
 * of the api-gateway's AuthService, so an idle session found alive just before its deadline is served until that cache entry expires:
 * at most the cache's lifetime (10 s) past the deadline, never longer. The other way round, the stored last use lags
 * the real one by at most the touch interval plus the cache's lifetime (uses served from the cache write nothing):
 * the touch interval is a quarter of the timeout at most, so a session used more often than every
 * `timeout - interval - 10 s` never dies of idleness (with the 1-minute minimum: a use every 35 s is enough).
 */
export class SessionIdleRule {
  readonly timeoutMs: number;

  constructor(timeoutMinutes: number) {
    this.timeoutMs = timeoutMinutes * 60_000;
  }

  /** When the session dies of idleness unless used before. */
  deadline(session: SessionActivity): Date {
    return new Date((session.lastUsedAt ?? session.createdAt).getTime() + this.timeoutMs);
  }

  /** Whether the session has not been used for the whole timeout (it is refused like an expired one). */
  isIdle(session: SessionActivity, now: Date): boolean {
    return this.deadline(session) <= now;
  }

  /** How stale the stored last use may get before a use writes it again. */
  get touchIntervalMs(): number {
    return Math.min(MAX_TOUCH_INTERVAL_MS, Math.floor(this.timeoutMs / 4));
  }

  /** Whether a use at `now` should be written (the stored one is at least {@link touchIntervalMs} old). */
  touchDue(session: SessionActivity, now: Date): boolean {
    return now.getTime() - (session.lastUsedAt ?? session.createdAt).getTime() >= this.touchIntervalMs;
  }
}
