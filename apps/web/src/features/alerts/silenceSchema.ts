import type { TFunction } from 'i18next';
import { z } from 'zod';
import { DAYS, type Day, type NewSilence } from './model';
import { isTimeZone, minuteOfDay, MUTE_FOR, oneOffEnd, type MuteFor } from './silenceTime';

/**
 * The "New silence" form's schema: what to mute (everything, a server, a rule), once for a while or weekly, and
 * why. Every field is text or a choice; the checks depend on each other (a server only for a server or rule,
 * the end only for "until…", the window's fields only for weekly ones), so they run over the whole form and name
 * the field at fault. The output is the API's body. `now` is read when the form is sent.
 */

export type Scope = 'all' | 'server' | 'rule';

export interface SilenceFormValues {
  scope: Scope;
  server_id: string;
  rule_id: string;
  type: 'once' | 'weekly';
  mute_for: MuteFor;
  until: string;
  days: Day[];
  start: string;
  duration: string;
  time_zone: string;
  reason: string;
}

export const MAX_WINDOW_MINUTES = 7 * 1440;

export function silenceSchema(t: TFunction, now: () => number) {
  const muteFor = MUTE_FOR.map((m) => m.id) as [MuteFor, ...MuteFor[]];
  return z
    .object({
      scope: z.enum(['all', 'server', 'rule']),
      server_id: z.string(),
      rule_id: z.string(),
      type: z.enum(['once', 'weekly']),
      mute_for: z.enum(muteFor),
      until: z.string(),
      days: z.array(z.enum(DAYS)),
      start: z.string().trim(),
      duration: z.string().trim(),
      time_zone: z.string().trim(),
      reason: z
        .string()
        .trim()
        .max(500, t('alerts:silenceForm.errors.reason', { max: 500 })),
    })
    .superRefine((v, ctx) => {
      const problem = (path: keyof SilenceFormValues, key: string, options?: Record<string, unknown>) =>
        ctx.addIssue({ code: 'custom', path: [path], message: t(`alerts:silenceForm.errors.${key}`, options ?? {}) });
      if (v.scope !== 'all' && !v.server_id) problem('server_id', 'server');
      if (v.scope === 'rule' && !v.rule_id) problem('rule_id', 'rule');
      if (v.type === 'once') {
        const end = oneOffEnd(v.mute_for, v.until, now());
        if ('problem' in end) problem('until', end.problem);
        return;
      }
      if (v.days.length === 0) problem('days', 'days');
      if (minuteOfDay(v.start) === null) problem('start', 'start');
      const minutes = Number(v.duration);
      if (!/^\d+$/.test(v.duration) || minutes < 1 || minutes > MAX_WINDOW_MINUTES)
        problem('duration', 'duration', { max: MAX_WINDOW_MINUTES });
      if (!isTimeZone(v.time_zone)) problem('time_zone', 'timeZone');
    })
    .transform((v): NewSilence => {
      const body: NewSilence = { reason: v.reason };
      if (v.scope !== 'all') body.server_id = v.server_id;
      if (v.scope === 'rule') body.rule_id = v.rule_id;
      if (v.type === 'once') {
        const end = oneOffEnd(v.mute_for, v.until, now());
        // Checked above; only a clock passing `until` between the check and here lands in the else.
        if ('endsAt' in end) body.ends_at = end.endsAt;
      } else
        body.recurrence = {
          days: DAYS.filter((d) => v.days.includes(d)),
          start: v.start,
          duration_minutes: Number(v.duration),
          time_zone: v.time_zone,
        };
      return body;
    });
}

export type SilenceFormOutput = z.output<ReturnType<typeof silenceSchema>>;

/** The form field an API body path belongs to. */
export function silenceFieldOf(path: string): keyof SilenceFormValues | null {
  const fields: Record<string, keyof SilenceFormValues> = {
    server_id: 'server_id',
    rule_id: 'rule_id',
    ends_at: 'until',
    reason: 'reason',
    'recurrence.days': 'days',
    'recurrence.start': 'start',
    'recurrence.duration_minutes': 'duration',
    'recurrence.time_zone': 'time_zone',
  };
  return fields[path.replace(/\.\d+$/, '')] ?? null;
}
