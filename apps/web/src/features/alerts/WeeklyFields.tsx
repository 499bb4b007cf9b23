import { useMemo } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { FieldGroup, FormField } from './FormField';
import { DAYS, type Day } from './model';
import { MAX_WINDOW_MINUTES, type SilenceFormOutput, type SilenceFormValues } from './silenceSchema';
import { isTimeZone, minuteOfDay, nextWindow, recurrenceText, weekdayNames, zones } from './silenceTime';

type Form = UseFormReturn<SilenceFormValues, unknown, SilenceFormOutput>;

/** A weekly maintenance window: its days, start, length and time zone, and in words when it mutes next. */
export function WeeklyFields({ form }: { form: Form }) {
  const { t } = useTranslation('alerts');
  const { register, watch, control, formState } = form;
  const { errors } = formState;
  const zoneList = useMemo(zones, []);
  const days = useController({ control, name: 'days' }).field;
  const chosen: Day[] = days.value;
  const names = weekdayNames(currentLanguage(), 'long');
  const [start, duration, timeZone] = watch(['start', 'duration', 'time_zone']);

  return (
    <>
      <FieldGroup legend={t('silenceForm.days')} testId="silence-days" error={errors.days}>
        {DAYS.map((d, i) => (
          <label key={d}>
            <input
              ref={i === 0 ? days.ref : undefined}
              type="checkbox"
              value={d}
              checked={chosen.includes(d)}
              onBlur={days.onBlur}
              onChange={(e) => days.onChange(e.target.checked ? [...chosen, d] : chosen.filter((x) => x !== d))}
            />
            {names[d]}
          </label>
        ))}
      </FieldGroup>
      <div className="settings-fields">
        <FormField label={t('silenceForm.startsAt')} error={errors.start}>
          {(a11y) => <input {...a11y} {...register('start')} type="time" aria-required />}
        </FormField>
        <FormField label={t('silenceForm.duration')} error={errors.duration}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('duration')}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_WINDOW_MINUTES}
              step={1}
              aria-required
            />
          )}
        </FormField>
        <FormField label={t('silenceForm.timeZone')} error={errors.time_zone}>
          {(a11y) => (
            <input {...a11y} {...register('time_zone')} list="silence-zones" aria-required autoComplete="off" />
          )}
        </FormField>
        <datalist id="silence-zones">
          {zoneList.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
      <Preview days={chosen} start={start} duration={duration} timeZone={timeZone} />
    </>
  );
}

/** The window in words and when it mutes next, in the reader's own time; a hint while it is incomplete. */
function Preview(p: { days: Day[]; start: string; duration: string; timeZone: string }) {
  const { t } = useTranslation('alerts');
  const minutes = Number(p.duration);
  const complete =
    p.days.length > 0 &&
    minuteOfDay(p.start) !== null &&
    Number.isInteger(minutes) &&
    minutes >= 1 &&
    minutes <= MAX_WINDOW_MINUTES &&
    isTimeZone(p.timeZone);
  if (!complete) return <p className="muted small">{t('silenceForm.incomplete')}</p>;
  const r = {
    days: DAYS.filter((d) => p.days.includes(d)),
    start: p.start,
    duration_minutes: minutes,
    time_zone: p.timeZone.trim(),
  };
  const next = nextWindow(r, Date.now());
  return (
    <p className="muted small" data-testid="silence-preview">
      {recurrenceText(t, r)}.
      {next && ` ${t('silenceForm.next', { from: dateTime(next.start), to: dateTime(next.end) })}`}
    </p>
  );
}
