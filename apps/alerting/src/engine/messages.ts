import { formatDuration, RULE_KINDS, type MessageField, type Transition } from '@app/alerts';
import type { AlertStateRow, Message, Observation, RuleDef, ServerInfo } from './model';

/** The words of a transition (fired, repeat, resolved): title, summary and fields, from the rule and its state row. */
export function composeMessage(
  rule: RuleDef,
  server: ServerInfo,
  transition: Transition,
  obs: Observation,
  row: AlertStateRow,
  at: Date,
): Message {
  const spec = RULE_KINDS[rule.kind]!;
  const seconds = (at.getTime() - row.since.getTime()) / 1000;
  const label = row.peak?.label ?? obs.label;
  const subject = obs.instance === '' ? server.name : `${label} on ${server.name}`;
  let title = rule.name;
  let summary = obs.summary;
  let fields: MessageField[] = obs.fields;
  if (transition === 'resolved') {
    title = `${spec.recoveryTitle}: ${subject}`;
    const worst = row.peak ? ` Worst: ${Math.round(row.peak.value * 10) / 10}${obs.unit || ''}.` : '';
    summary =
      rule.kind === 'server_offline'
        ? `${server.name} is back online after ${formatDuration(seconds)} down.`
        : `${subject}: ${spec.recoveryTitle.toLowerCase()} after ${formatDuration(seconds)}.${worst}`;
    fields = [
      { name: rule.kind === 'server_offline' ? 'Downtime' : 'Lasted', value: formatDuration(seconds), inline: true },
    ];
  } else if (transition === 'repeat') {
    summary = `Still firing since ${formatDuration(seconds)} ago. ${obs.summary}`;
  }
  return {
    transition,
    severity: rule.severity,
    ruleKind: rule.kind,
    ruleName: rule.name,
    incidentId: row.incidentId ?? '',
    server: { id: server.id, name: server.name },
    instance: obs.instance === '' ? null : label,
    title: transition === 'resolved' ? title : `${title}: ${subject}`,
    summary,
    startedAt: row.since,
    at,
    durationSeconds: transition === 'resolved' ? Math.round(seconds) : null,
    fields,
  };
}
