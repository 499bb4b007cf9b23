import { nextWindowStart, windowStartAt } from '@app/alerts';
import { Injectable } from '@nestjs/common';
import { noticeKey, StatusOutboxRepository, type NoticeClaim, type OutboxItem } from './status-outbox.repository';
import type { StatusIncidentRecord } from './status-incidents.repository';
import { statusStrings, type StatusLanguage } from './status-page.i18n';
import { StatusPagesRepository, type MaintenanceSilence, type StatusPageRecord } from './status-pages.repository';
import { StatusSubscribersRepository, type ActiveSubscriber } from './status-subscribers.repository';

/** How late a "maintenance starts now" notice may still go out (a replica down at the start catches up this long). */
export const MAINTENANCE_START_GRACE_MS = 10 * 60_000;

type Render = (subscriber: ActiveSubscriber, page: StatusPageRecord) => OutboxItem['payload'];

/**
 * What status page subscribers are told, queued in the outbox (sent, signed and retried by StatusOutboxSender):
 * incident updates, the announcement of a maintenance window (a silence of the organisation or of a page's server,
 * one-off or weekly, however it was made) and a "starts now" at the start of each window. Maintenance notices are
 * claimed in PostgreSQL in the same transaction as their rows, so each goes out once across replicas and restarts.
 */
@Injectable()
export class StatusNotificationsService {
  constructor(
    private readonly subscribers: StatusSubscribersRepository,
    private readonly pages: StatusPagesRepository,
    private readonly outbox: StatusOutboxRepository,
  ) {}

  /** Queues an incident's newest update for every confirmed subscriber of its page. */
  async notify(page: StatusPageRecord, incident: StatusIncidentRecord): Promise<void> {
    const update = incident.updates[0];
    await this.queue([page], undefined, (subscriber) => {
      const t = statusStrings(language(subscriber));
      const state = (t as Record<string, string>)[`state_${incident.state}`] ?? incident.state;
      if (subscriber.kind === 'email')
        return {
          kind: 'email',
          subject: `${incident.title}: ${state}`,
          body: `${incident.title}\n${state}: ${update?.message ?? ''}`,
        };
      return {
        kind: 'webhook',
        event: 'incident',
        body: {
          page: { slug: page.slug, title: page.title },
          incident: {
            id: incident.id,
            title: incident.title,
            impact: incident.impact,
            state: incident.state,
            created_at: incident.createdAt.toISOString(),
            resolved_at: incident.resolvedAt?.toISOString() ?? null,
          },
          update: update
            ? { state: update.state, message: update.message, created_at: update.createdAt.toISOString() }
            : null,
        },
      };
    });
  }

  /**
   * Queues the notices due at `now` for these silences: the announcement of each not announced yet, and "starts
   * now" for each window that began less than {@link MAINTENANCE_START_GRACE_MS} ago (not when the announcement
   * goes out in the same pass: it says so already). Resolves how many notices were claimed.
   */
  async maintenanceNotices(silences: MaintenanceSilence[], now: Date): Promise<number> {
    const done = await this.outbox.claimed(silences.map((s) => s.id));
    const pagesOf = new Map<string, Promise<StatusPageRecord[]>>();
    let claimed = 0;
    for (const silence of silences) {
      const announce: NoticeClaim = { silenceId: silence.id, kind: 'announce', occurrence: silence.startsAt };
      const started = windowStartAt(silence, now);
      const start: NoticeClaim | null =
        started && now.getTime() - started.getTime() < MAINTENANCE_START_GRACE_MS
          ? { silenceId: silence.id, kind: 'start', occurrence: started }
          : null;
      const announcing = !done.has(noticeKey(announce));
      if (!announcing && (!start || done.has(noticeKey(start)))) continue;
      if (!pagesOf.has(silence.orgId)) pagesOf.set(silence.orgId, this.pages.list(silence.orgId));
      const pages = (await pagesOf.get(silence.orgId)!).filter(
        (page) => silence.serverId === null || page.serverIds.includes(silence.serverId),
      );
      if (announcing && (await this.queue(pages, announce, (s, p) => announcement(silence, now, s, p)))) claimed++;
      if (start && !done.has(noticeKey(start))) {
        const render: Render = (s, p) => startsNow(silence, start.occurrence, s, p);
        if (await this.queue(announcing ? [] : pages, start, render)) claimed++;
      }
    }
    return claimed;
  }

  private async queue(pages: StatusPageRecord[], claim: NoticeClaim | undefined, render: Render): Promise<boolean> {
    const items: OutboxItem[] = [];
    for (const page of pages)
      for (const subscriber of await this.subscribers.confirmed(page.id))
        items.push({ subscriberId: subscriber.id, payload: render(subscriber, page) });
    return this.outbox.enqueue(items, claim);
  }
}

function language(subscriber: ActiveSubscriber): StatusLanguage {
  return (subscriber.locale as StatusLanguage) ?? 'en';
}

const pageRef = (page: StatusPageRecord) => ({ slug: page.slug, title: page.title });

/** The end of the window starting at `start`: a weekly window's duration, bounded by the silence's end. */
function windowEnd(silence: MaintenanceSilence, start: Date): Date | null {
  if (silence.days === null || silence.durationMinutes === null) return silence.endsAt;
  const end = new Date(start.getTime() + silence.durationMinutes * 60_000);
  return silence.endsAt && silence.endsAt < end ? silence.endsAt : end;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

function announcement(
  silence: MaintenanceSilence,
  now: Date,
  subscriber: ActiveSubscriber,
  page: StatusPageRecord,
): OutboxItem['payload'] {
  const weekly = silence.days !== null && silence.startMinute !== null && silence.timeZone !== null;
  const next = weekly ? (windowStartAt(silence, now) ?? nextWindowStart(silence, now)) : silence.startsAt;
  if (subscriber.kind === 'webhook')
    return {
      kind: 'webhook',
      event: 'maintenance',
      body: {
        page: pageRef(page),
        maintenance: {
          reason: silence.reason,
          starts_at: silence.startsAt.toISOString(),
          ends_at: silence.endsAt?.toISOString() ?? null,
          ...(weekly
            ? {
                recurrence: {
                  days: silence.days,
                  start: hhmm(silence.startMinute!),
                  duration_minutes: silence.durationMinutes,
                  time_zone: silence.timeZone,
                  next_start: next?.toISOString() ?? null,
                },
              }
            : {}),
        },
      },
    };
  const lang = language(subscriber);
  const t = statusStrings(lang);
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
  const span = weekly
    ? `${t.maintenanceWeekly}: ${silence.days!.map(dayName).join(', ')} ${hhmm(silence.startMinute!)} (${silence.timeZone}), ${silence.durationMinutes} min\n${t.maintenanceNext}: ${next?.toISOString() ?? '…'} (UTC)`
    : `${silence.startsAt.toISOString()} – ${silence.endsAt?.toISOString() ?? '…'} (UTC)`;
  return {
    kind: 'email',
    subject: `${t.maintenance}: ${silence.reason}`,
    body: `${t.maintenance}: ${silence.reason}\n${span}`,
  };
}

function startsNow(
  silence: MaintenanceSilence,
  start: Date,
  subscriber: ActiveSubscriber,
  page: StatusPageRecord,
): OutboxItem['payload'] {
  const end = windowEnd(silence, start);
  if (subscriber.kind === 'webhook')
    return {
      kind: 'webhook',
      event: 'maintenance_started',
      body: {
        page: pageRef(page),
        maintenance_started: {
          reason: silence.reason,
          started_at: start.toISOString(),
          ends_at: end?.toISOString() ?? null,
        },
      },
    };
  const t = statusStrings(language(subscriber));
  return {
    kind: 'email',
    subject: `${t.maintenanceStarted}: ${silence.reason}`,
    body: `${t.maintenanceStarted}: ${silence.reason}\n${start.toISOString()} – ${end?.toISOString() ?? '…'} (UTC)`,
  };
}
