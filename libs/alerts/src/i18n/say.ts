import type { AlertMessage, MessageField } from '../message';
import { RULE_KINDS, type RuleKindName } from '../rules';
import type { Catalogue, RuleWords } from './catalogue';
import type {
  FieldWords,
  InstanceWords,
  MessageWords,
  RuleNameWords,
  SubjectWords,
  SummaryWords,
  TitleWords,
  ValueWords,
} from './words';

/** Stored words with a key this release does not know (written by a newer one): the caller falls back. */
function unknown(words: never): never {
  throw new Error(`no words for ${JSON.stringify((words as { key?: unknown }).key)}`);
}

/** A rule kind's words; throws for a kind this release does not know (the caller falls back to stored texts). */
function ruleWords(t: Catalogue, kind: string): RuleWords {
  const words = Object.hasOwn(t.rules, kind) ? t.rules[kind as RuleKindName] : undefined;
  if (!words) throw new Error(`no words for the rule kind ${kind}`);
  return words;
}

/** The name of what a rule watches on a server, in the catalogue's language ("Circuit 3"). */
export function sayInstance(t: Catalogue, w: InstanceWords): string {
  switch (w.key) {
    case 'circuit':
      return t.phrases.circuit({ id: w.id });
    case 'text':
      return w.text;
    default:
      return unknown(w);
  }
}

function saySubject(t: Catalogue, w: SubjectWords): string {
  return w.instance === null ? w.server : t.phrases.subject({ instance: sayInstance(t, w.instance), server: w.server });
}

/** A preset's name (still its kind's English title) in the catalogue's language; a chosen name as written. */
function sayRuleName(t: Catalogue, w: RuleNameWords): string {
  return RULE_KINDS[w.kind]?.title === w.name ? ruleWords(t, w.kind).title : w.name;
}

function sayTitle(t: Catalogue, w: TitleWords): string {
  switch (w.key) {
    case 'fired':
      return t.phrases.fired({ rule: sayRuleName(t, w.rule), subject: saySubject(t, w.subject) });
    case 'recovered':
      return t.phrases.recovered({ recovery: ruleWords(t, w.kind).recovered, subject: saySubject(t, w.subject) });
    case 'test':
      return t.phrases.testTitle;
    case 'acknowledged':
      return t.phrases.acknowledgedTitle({ title: sayTitle(t, w.of) });
    default:
      return unknown(w);
  }
}

function saySummary(t: Catalogue, w: SummaryWords): string {
  const p = t.phrases;
  const f = t.formats;
  switch (w.key) {
    case 'offline':
      return p.offline({ server: w.server, reason: w.reason ?? p.gamePortSilent });
    case 'tickRateLow':
      return p.tickRateLow(w, f);
    case 'playerCount':
      return p.playerCount(w, f);
    case 'fuseTripped':
      return p.fuseTripped(w, f);
    case 'overCapacity':
      return p.overCapacity(w, f);
    case 'batteryDraining':
      return p.batteryDraining(w, f);
    case 'batteryLow':
      return p.batteryLow(w, f);
    case 'trainDerailed':
      return p.trainDerailed(w);
    case 'addonLost':
      return p.addonLost({ server: w.server, reason: w.reason ?? p.noAnswer });
    case 'productionDeficit':
      return p.productionDeficit(w, f);
    case 'capacityUnderused':
      return p.capacityUnderused(w, f);
    case 'batteryEmptySoon':
      return p.batteryEmptySoon(w, f);
    case 'capacityHeadroom':
      return p.capacityHeadroom(w, f);
    case 'generatorFuel':
      return p.generatorFuel(w, f);
    case 'extractorStopped':
      return p.extractorStopped(w);
    case 'droneStationStopped':
      return p.droneStationStopped(w, f);
    case 'stockEmptySoon':
      return p.stockEmptySoon(w, f);
    case 'sinkPointsLow':
      return p.sinkPointsLow(w, f);
    case 'sessionChanged':
      return p.sessionChanged(w);
    case 'players':
      return p.players(w, f);
    case 'backOnline':
      return p.backOnline({ server: w.server, duration: f.duration(w.seconds) });
    case 'recovered':
      return p.recoveredAfter({
        subject: saySubject(t, w.subject),
        recovery: ruleWords(t, w.kind).recovered,
        duration: f.duration(w.seconds),
        worst: w.worst === null ? null : p.measured(w.worst, f),
      });
    case 'stillFiring':
      return p.stillFiring({ duration: f.duration(w.seconds), then: saySummary(t, w.then) });
    case 'test':
      return p.test({ channel: w.channel });
    case 'acknowledged':
      return p.acknowledged({ name: w.name });
    case 'none':
      return '';
    default:
      return unknown(w);
  }
}

function sayValue(t: Catalogue, w: ValueWords): string {
  const f = t.formats;
  switch (w.key) {
    case 'text':
      return w.text;
    case 'offlineReason':
      return w.reason ?? t.phrases.gamePortSilent;
    case 'addonReason':
      return w.reason ?? t.phrases.noAnswer;
    case 'tickRate':
      return t.phrases.tickRateValue(w, f);
    case 'count':
      return w.count === null ? '—' : f.number(w.count);
    case 'countOf':
      return t.phrases.countValue(w, f);
    case 'power':
      return f.mw(w.mw, w.signed);
    case 'percent':
      return f.percent(w.percent);
    case 'minutes':
      return f.minutes(w.minutes);
    case 'duration':
      return f.duration(w.seconds);
    case 'perMinute':
      return `${f.number(w.value)}/min`;
    case 'number':
      return f.number(w.value);
    default:
      return unknown(w);
  }
}

function sayField(t: Catalogue, w: FieldWords): MessageField {
  const name = t.fields[w.name];
  if (name === undefined) throw new Error(`no words for the field ${w.name}`);
  const field: MessageField = { name, value: sayValue(t, w.value) };
  if (w.inline !== undefined) field.inline = w.inline;
  return field;
}

/** The texts of a message, said in one language. */
export interface SaidMessage {
  title: string;
  summary: string;
  fields: MessageField[];
  instance: string | null;
  ruleName: string;
}

/** Says a message's words in a catalogue's language; throws when they hold a key this release does not know. */
export function sayMessage(words: MessageWords, t: Catalogue): SaidMessage {
  return {
    title: sayTitle(t, words.title),
    summary: saySummary(t, words.summary),
    fields: words.fields.map((w) => sayField(t, w)),
    instance: words.instance === null ? null : sayInstance(t, words.instance),
    ruleName: words.rule === null ? t.phrases.testTitle : sayRuleName(t, words.rule),
  };
}

/**
 * The message with its texts in the catalogue's language. A message without words (stored before channels had
 * languages) or with words this release cannot say keeps the texts it was stored with.
 */
export function localize(msg: AlertMessage, t: Catalogue): AlertMessage {
  if (!msg.words) return msg;
  let said: SaidMessage;
  try {
    said = sayMessage(msg.words, t);
  } catch {
    return msg;
  }
  const server = msg.words.rule === null ? { ...msg.server, name: t.phrases.testServer } : msg.server;
  return { ...msg, ...said, server };
}
