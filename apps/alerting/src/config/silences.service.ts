import { isTimeZone, silenceActive } from '@app/alerts';
import { Uuid, Weekday, type NewSilence, type SilenceView } from '@app/contracts';
import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { AlertConfigFailure } from './alert-config.errors';
import { AlertRulesRepository } from './alert-rules.repository';
import { ConfigChanges } from './config-changes.publisher';
import { OrgServersRepository } from './org-servers.repository';
import { SilencesRepository, type SilenceRecord } from './silences.repository';

/** ISO weekday number (1 = Monday) of a day name, and back. */
const weekdayNumber = (day: Weekday): number => Weekday.options.indexOf(day) + 1;
const weekdayName = (n: number): string => Weekday.options[n - 1]!;

const isId = (value: string): boolean => Uuid.safeParse(value).success;
const hhmm = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A silence as the REST API shows it, with whether it mutes right now. */
export function silenceView(s: SilenceRecord, now: Date): SilenceView {
  const weekly = s.startMinute !== null && s.durationMinutes !== null && s.timeZone !== null && s.days.length > 0;
  return {
    id: s.id,
    server_id: s.serverId,
    rule_id: s.ruleId,
    reason: s.reason,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt ? s.endsAt.toISOString() : null,
    recurrence: weekly
      ? {
          days: s.days.map(weekdayName),
          start: hhmm(s.startMinute!),
          duration_minutes: s.durationMinutes!,
          time_zone: s.timeZone!,
        }
      : null,
    active_now: silenceActive({ ...s, days: weekly ? s.days : null }, now),
    created_at: s.createdAt.toISOString(),
  };
}

/** Silences: mutes until a time, or weekly maintenance windows, for the organisation, a server or a rule. */
@Injectable()
export class SilencesService {
  constructor(
    private readonly silences: SilencesRepository,
    private readonly servers: OrgServersRepository,
    private readonly rules: AlertRulesRepository,
    private readonly changes: ConfigChanges,
    private readonly clock: Clock,
  ) {}

  async list(orgId: string, includeExpired: boolean): Promise<SilenceView[]> {
    const now = this.clock.now();
    return (await this.silences.list(orgId, includeExpired ? null : now)).map((s) => silenceView(s, now));
  }

  async create(orgId: string, userId: string | null, input: NewSilence): Promise<SilenceView> {
    if (input.server_id && (!isId(input.server_id) || !(await this.servers.find(orgId, input.server_id))))
      throw AlertConfigFailure.notFound('server');
    if (input.rule_id && (!isId(input.rule_id) || !(await this.rules.existsInOrg(orgId, input.rule_id))))
      throw AlertConfigFailure.notFound('alert rule');
    const now = this.clock.now();
    const startsAt = input.starts_at ? new Date(input.starts_at) : now;
    const endsAt = input.ends_at ? new Date(input.ends_at) : null;
    if (endsAt && endsAt <= startsAt)
      throw AlertConfigFailure.invalid(
        'ends_at must be after starts_at (and in the future)',
        'Give an end time later than the start.',
        [{ field: 'ends_at', problem: 'not after starts_at' }],
      );
    const r = input.recurrence;
    if (r && !isTimeZone(r.time_zone))
      throw AlertConfigFailure.invalid(
        `unknown time zone "${r.time_zone}"`,
        'Use an IANA time zone name such as Europe/Berlin or America/New_York.',
        [{ field: 'recurrence.time_zone', problem: 'unknown time zone' }],
      );
    const row = await this.silences.create({
      orgId,
      serverId: input.server_id ?? null,
      ruleId: input.rule_id ?? null,
      reason: input.reason,
      startsAt,
      endsAt,
      days: r ? [...new Set(r.days.map(weekdayNumber))].sort() : [],
      startMinute: r ? Number(r.start.slice(0, 2)) * 60 + Number(r.start.slice(3)) : null,
      durationMinutes: r?.duration_minutes ?? null,
      timeZone: r?.time_zone ?? null,
      createdBy: userId,
    });
    this.changes.announce(orgId, row.serverId, 'silences');
    return silenceView(row, now);
  }

  async delete(orgId: string, id: string): Promise<{ server_id: string | null }> {
    const row = isId(id) ? await this.silences.find(orgId, id) : null;
    if (!row) throw AlertConfigFailure.notFound('silence');
    await this.silences.delete(id);
    this.changes.announce(orgId, row.serverId, 'silences');
    return { server_id: row.serverId };
  }
}
