import type { Severity } from '@app/contracts';
import type { MessageWords } from './i18n/words';

export { formatDuration } from './i18n/formats';

/** Which moment of an incident a notification tells of. */
export type Transition = 'fired' | 'resolved' | 'repeat' | 'test' | 'acknowledged';

/** One labelled detail of a notification, e.g. `{name: 'Tick rate', value: '9.1/s'}`. */
export interface MessageField {
  name: string;
  value: string;
  /** Shown side by side with its neighbours where the receiver can (Discord, Teams). */
  inline?: boolean;
}

/**
 * Everything a channel needs to tell people what happened, independent of the receiver. The renderers in `render/`
 * turn it into each receiver's payload and clamp it to that receiver's limits; they never drop the title, the
 * server's name or the time.
 */
export interface AlertMessage {
  transition: Transition;
  severity: Severity;
  /** The rule's kind, e.g. `server_offline` (see RULE_KINDS). */
  ruleKind: string;
  /** The rule's name as the user sees it, e.g. "Server offline". */
  ruleName: string;
  incidentId: string;
  server: { id: string; name: string };
  /** What the rule watches on the server beyond the server itself (a circuit, train or player), or null. */
  instance: string | null;
  /** A short headline, e.g. "Server offline" or "Back online". */
  title: string;
  /** One or two sentences: what happened, in plain words. */
  summary: string;
  /** When the condition began (the incident's start). */
  startedAt: Date;
  /** When this transition happened (fired, resolved, repeated or tested). */
  at: Date;
  /** On `resolved`: how long the condition lasted, in seconds (downtime for `server_offline`); otherwise null. */
  durationSeconds: number | null;
  /** Details; may be long (a player list) or many: renderers clamp them. */
  fields: MessageField[];
  /** A link to the server's dashboard, or null when the platform's public URL is not configured. */
  url: string | null;
  /** A single-use link that acknowledges the incident (chat messages of a firing incident; issue 24), or absent. */
  ackUrl?: string | null;
  /**
   * The same texts as catalogue keys and values (i18n/words.ts), so that each channel says them in its own
   * language; the strings above are their English. Absent on messages stored before channels had languages.
   */
  words?: MessageWords;
}

/** Colour of a severity (RGB), shared by Discord embeds, Slack attachments and e-mail. */
export const SEVERITY_COLOUR: Record<Severity | 'resolved', number> = {
  critical: 0xe5484d,
  warning: 0xf5a524,
  info: 0x3e90f0,
  resolved: 0x30a46c,
};
