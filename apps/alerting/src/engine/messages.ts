import {
  CATALOGUES,
  sayMessage,
  type FieldWords,
  type MessageWords,
  type RuleKindName,
  type SubjectWords,
  type SummaryWords,
  type TitleWords,
  type Transition,
} from '@app/alerts';
import type { AlertStateRow, Message, Observation, RuleDef, ServerInfo } from './model';
import type { SessionChange } from './session-watch';

/** The most player names a "who is online" detail lists. */
const MAX_LISTED_PLAYERS = 100;

/**
 * A message from its words: the texts are their English (the incident history and the delivery log show them, and
 * a message stored without words is sent as they are); every channel says the words in its own language.
 */
function withWords(base: Omit<Message, 'title' | 'summary' | 'fields' | 'instance' | 'words'>, words: MessageWords) {
  const said = sayMessage(words, CATALOGUES.en);
  return { ...base, title: said.title, summary: said.summary, fields: said.fields, instance: said.instance, words };
}

/** The words of a transition (fired, repeat, resolved): title, summary and fields, from the rule and its state row. */
export function composeMessage(
  rule: RuleDef,
  server: ServerInfo,
  transition: Transition,
  obs: Observation,
  row: AlertStateRow,
  at: Date,
): Message {
  const kind = rule.kind as RuleKindName;
  const seconds = (at.getTime() - row.since.getTime()) / 1000;
  const subject: SubjectWords = { server: server.name, instance: obs.instance === '' ? null : obs.label };
  let title: TitleWords = { key: 'fired', rule: { kind, name: rule.name }, subject };
  let summary: SummaryWords = obs.summary;
  let fields: FieldWords[] = obs.fields;
  if (transition === 'resolved') {
    title = { key: 'recovered', kind, subject };
    summary =
      kind === 'server_offline'
        ? { key: 'backOnline', server: server.name, seconds }
        : {
            key: 'recovered',
            kind,
            subject,
            seconds,
            worst: row.peak ? { value: row.peak.value, unit: obs.unit } : null,
          };
    // The duration goes in `durationSeconds`, which every renderer shows once ("Downtime" / "Duration"): a field
    // with it too was said twice.
    fields = [];
  } else if (transition === 'repeat') {
    summary = { key: 'stillFiring', seconds, then: obs.summary };
  }
  return withWords(
    {
      transition,
      severity: rule.severity,
      ruleKind: rule.kind,
      ruleName: rule.name,
      incidentId: row.incidentId ?? '',
      server: { id: server.id, name: server.name },
      startedAt: row.since,
      at,
      durationSeconds: transition === 'resolved' ? Math.round(seconds) : null,
    },
    { title, summary, fields, instance: subject.instance, rule: { kind: rule.kind, name: rule.name } },
  );
}

/** Who joined or left a server: by name with the add-on, else how many; and who is online now. */
export interface PresenceChange {
  joined: boolean;
  /** The names that joined or left (empty when only the count is known). */
  named: string[];
  /** How many joined or left. */
  count: number;
  /** Who is online now, when names are known. */
  online: string[] | null;
  /** How many are online now, when known. */
  countNow: number | null;
}

/** The message of a player joining or leaving (a one-off event: fired, never resolved). */
export function composePresence(rule: RuleDef, server: ServerInfo, change: PresenceChange, at: Date): Message {
  const { named, online } = change;
  const fields: FieldWords[] = [
    { name: 'playersOnline', value: { key: 'count', count: change.countNow }, inline: true },
  ];
  if (online && online.length > 0) {
    const listed = online.slice(0, MAX_LISTED_PLAYERS).join(', ');
    const text = online.length > MAX_LISTED_PLAYERS ? `${listed} …` : listed;
    fields.push({ name: 'whoIsOnline', value: { key: 'text', text } });
  }
  const instance = named.length > 0 ? ({ key: 'text', text: named.join(', ') } as const) : null;
  return withWords(
    {
      transition: 'fired',
      severity: rule.severity,
      ruleKind: rule.kind,
      ruleName: rule.name,
      incidentId: '',
      server: { id: server.id, name: server.name },
      startedAt: at,
      at,
      durationSeconds: null,
    },
    {
      title: {
        key: 'fired',
        rule: { kind: rule.kind, name: rule.name },
        subject: { server: server.name, instance: null },
      },
      summary: {
        key: 'players',
        joined: change.joined,
        names: named,
        count: change.count,
        server: server.name,
        online: change.countNow,
      },
      fields,
      instance,
      rule: { kind: rule.kind, name: rule.name },
    },
  );
}

/** The message of another save loaded (a one-off event: fired, never resolved). */
export function composeSessionChange(rule: RuleDef, server: ServerInfo, change: SessionChange, at: Date): Message {
  const fields: FieldWords[] = [{ name: 'session', value: { key: 'text', text: change.to }, inline: true }];
  if (change.from) fields.push({ name: 'previousSession', value: { key: 'text', text: change.from }, inline: true });
  return withWords(
    {
      transition: 'fired',
      severity: rule.severity,
      ruleKind: rule.kind,
      ruleName: rule.name,
      incidentId: '',
      server: { id: server.id, name: server.name },
      startedAt: at,
      at,
      durationSeconds: null,
    },
    {
      title: {
        key: 'fired',
        rule: { kind: rule.kind, name: rule.name },
        subject: { server: server.name, instance: null },
      },
      summary: { key: 'sessionChanged', server: server.name, from: change.from, to: change.to },
      fields,
      instance: null,
      rule: { kind: rule.kind, name: rule.name },
    },
  );
}
