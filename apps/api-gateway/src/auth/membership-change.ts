import { Subjects } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import type { Clock } from '@app/platform';
import type { AuthService } from './auth.service';
import type { Role } from './principal';

/**
 * A member's role changed (null: removed): their cached access drops here at once, and on every other replica
 * through NATS (when NATS is away, there when the cache entry expires, 10 s).
 */
export async function announceMembershipChange(
  via: { auth: Pick<AuthService, 'membershipChanged'>; messaging: Messaging; clock: Clock },
  change: { orgId: string; userId: string; role: Role | null },
): Promise<void> {
  await via.auth.membershipChanged(change.orgId, change.userId);
  try {
    via.messaging.publish(Subjects.membershipChanged, { ...change, occurredAt: via.clock.now().toISOString() });
  } catch {
    // NATS away: other replicas drop it when their cache entry expires (10 s).
  }
}
