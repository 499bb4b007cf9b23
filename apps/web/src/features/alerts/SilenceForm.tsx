// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useMemo, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { ErrorNote } from '../../components/ui';
import { useAction, useApi } from '../../lib/useApi';
import { fieldErrors } from './common';
import { DAY_LABEL, DAYS, type Day, type Rule, type ServerRef, type Silence } from './model';
import { browserTimeZone, recurrenceText, zones } from './silenceTime';

const MUTE_FOR = [
  { id: '1h', label: 'for 1 hour', hours: 1 },
  { id: '4h', label: 'for 4 hours', hours: 4 },
  { id: '24h', label: 'for 24 hours', hours: 24 },
  { id: 'until', label: 'until…', hours: null },
] as const;

type Scope = 'all' | 'server' | 'rule';

/** The "New silence" form: what to mute (everything, a server, a rule), now for a while or weekly, and why. */
export function CreateSilence({ servers, onCreated }: { servers: ServerRef[]; onCreated: (s: Silence) => void }) {
  const act = useAction();
  const [scope, setScope] = useState<Scope>('all');
  const [serverId, setServerId] = useState('');
  const [ruleId, setRuleId] = useState('');
  const [type, setType] = useState<'once' | 'weekly'>('once');
  const [muteFor, setMuteFor] = useState<(typeof MUTE_FOR)[number]['id']>('1h');
  const [until, setUntil] = useState('');
  const [days, setDays] = useState<Day[]>(['sun']);
  const [start, setStart] = useState('02:00');
  const [duration, setDuration] = useState('120');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState('');
  const zoneList = useMemo(zones, []);
  const server = scope === 'all' ? '' : serverId || servers[0]?.id || '';
  const rules = useApi<Rule[]>(scope === 'rule' && server ? `/api/v1/servers/${server}/alert-rules` : null);
  const rule = ruleId && rules.data?.some((r) => r.id === ruleId) ? ruleId : (rules.data?.[0]?.id ?? '');
  const errors = fieldErrors(act.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLocal('');
    const body: Record<string, unknown> = { reason: reason.trim() };
    if (scope !== 'all') {
      if (!server) return setLocal('Choose a server.');
      body.server_id = server;
    }
    if (scope === 'rule') {
      if (!rule) return setLocal('Choose a rule.');
      body.rule_id = rule;
    }
    if (type === 'once') {
      const hours = MUTE_FOR.find((m) => m.id === muteFor)?.hours;
      if (hours) body.ends_at = new Date(Date.now() + hours * 3_600_000).toISOString();
      else {
        const t = Date.parse(until);
        if (!until || Number.isNaN(t)) return setLocal('Choose until when to mute.');
        if (t <= Date.now()) return setLocal('Choose a time in the future.');
        body.ends_at = new Date(t).toISOString();
      }
    } else {
      const minutes = Number(duration);
      if (days.length === 0) return setLocal('Choose at least one day.');
      if (!/^\d{2}:\d{2}$/.test(start)) return setLocal('Give the start as a time of day, e.g. 02:30.');
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 7 * 1440)
        return setLocal('The duration is a whole number of minutes, from 1 to 10080 (a week).');
      body.recurrence = {
        days: DAYS.filter((d) => days.includes(d)),
        start,
        duration_minutes: minutes,
        time_zone: timeZone.trim(),
      };
    }
    void act.run(async () => {
      onCreated(await api<Silence>('POST', '/api/v1/silences', body));
      setReason('');
    });
  };

  return (
    <form className="card settings-form" onSubmit={submit} aria-labelledby="new-silence-heading" noValidate>
      <h3 id="new-silence-heading">New silence</h3>
      <fieldset className="settings-checks">
        <legend>Mute</legend>
        <label>
          <input type="radio" name="silence-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
          Everything
        </label>
        <label>
          <input type="radio" name="silence-scope" checked={scope === 'server'} onChange={() => setScope('server')} />
          One server
        </label>
        <label>
          <input type="radio" name="silence-scope" checked={scope === 'rule'} onChange={() => setScope('rule')} />
          One rule
        </label>
      </fieldset>
      {scope !== 'all' && (
        <div className="settings-fields">
          <label className="settings-field">
            Server
            <select value={server} onChange={(e) => setServerId(e.target.value)} data-testid="silence-server">
              {servers.length === 0 && <option value="">No servers</option>}
              {servers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          {scope === 'rule' && (
            <label className="settings-field">
              Rule
              <select value={rule} onChange={(e) => setRuleId(e.target.value)} data-testid="silence-rule">
                {!rules.data && <option value="">{rules.error ? 'Rules not loaded' : 'Loading…'}</option>}
                {rules.data?.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      {rules.error && <ErrorNote error={rules.error} retry={rules.reload} />}
      <fieldset className="settings-checks">
        <legend>When</legend>
        <label>
          <input type="radio" name="silence-type" checked={type === 'once'} onChange={() => setType('once')} />
          Now, for a while
        </label>
        <label>
          <input type="radio" name="silence-type" checked={type === 'weekly'} onChange={() => setType('weekly')} />
          Weekly maintenance window
        </label>
      </fieldset>
      {type === 'once' ? (
        <div className="settings-fields">
          <label className="settings-field">
            Mute
            <select value={muteFor} onChange={(e) => setMuteFor(e.target.value as typeof muteFor)}>
              {MUTE_FOR.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
          {muteFor === 'until' && (
            <label className="settings-field">
              Until
              <input type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
              {errors.ends_at && <span className="field-error">{errors.ends_at}</span>}
            </label>
          )}
        </div>
      ) : (
        <>
          <fieldset className="settings-checks" data-testid="silence-days">
            <legend>Days</legend>
            {DAYS.map((d) => (
              <label key={d}>
                <input
                  type="checkbox"
                  value={d}
                  checked={days.includes(d)}
                  onChange={(e) => setDays((l) => (e.target.checked ? [...l, d] : l.filter((x) => x !== d)))}
                />
                {DAY_LABEL[d]}
              </label>
            ))}
          </fieldset>
          <div className="settings-fields">
            <label className="settings-field">
              Starts at
              <input type="time" value={start} onChange={(e) => setStart(e.target.value)} required />
              {errors['recurrence.start'] && <span className="field-error">{errors['recurrence.start']}</span>}
            </label>
            <label className="settings-field">
              Duration (minutes)
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={10080}
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
                required
              />
              {errors['recurrence.duration_minutes'] && (
                <span className="field-error">{errors['recurrence.duration_minutes']}</span>
              )}
            </label>
            <label className="settings-field">
              Time zone
              <input
                value={timeZone}
                onChange={(e) => setTimeZone(e.target.value)}
                list="silence-zones"
                required
                autoComplete="off"
              />
              {errors['recurrence.time_zone'] && <span className="field-error">{errors['recurrence.time_zone']}</span>}
            </label>
            <datalist id="silence-zones">
              {zoneList.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </div>
          <p className="muted small">
            {days.length > 0 && Number(duration) > 0 && /^\d{2}:\d{2}$/.test(start)
              ? `${recurrenceText({ days: DAYS.filter((d) => days.includes(d)), start, duration_minutes: Number(duration), time_zone: timeZone })}.`
              : 'Choose the days, the start and the duration.'}
          </p>
        </>
      )}
      <div className="settings-fields">
        <label className="settings-field alerts-wide">
          Reason (optional)
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            placeholder={type === 'once' ? 'Updating the mods' : 'Weekly backup and update'}
          />
        </label>
      </div>
      {local && (
        <p className="field-error" role="alert">
          {local}
        </p>
      )}
      {act.error && <ErrorNote error={act.error} />}
      <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
        {act.pending ? 'Saving…' : type === 'once' ? 'Mute' : 'Create maintenance window'}
      </button>
    </form>
  );
}
