import type { Locale, Severity } from '@app/contracts';
import type { RuleKindName } from '../rules';
import type { Formats } from './formats';
import type { FieldName, ValueUnit } from './words';

/** A rule kind's words: its title and the headline of its recovery notice (empty for one-off events). */
export interface RuleWords {
  title: string;
  recovered: string;
}

/** The words the renderers put around a message: labels, status lines, footers, buttons. */
export interface RenderWords {
  /** What follows a label before its value: ":" (French writes " :"). */
  colon: string;
  server: string;
  /** The label of what the rule watches beyond the server (a circuit, a train, players). */
  instance: string;
  time: string;
  started: string;
  incident: string;
  rule: string;
  /** The duration of a `server_offline` recovery. */
  downtime: string;
  /** The duration of any other recovery. */
  duration: string;
  /** The heading of the details in a plain-text e-mail. */
  details: string;
  openDashboard: string;
  /** The label of a chat message's acknowledge link ("I am on it"). */
  acknowledge: string;
  /** The headline when a message has none. */
  alert: string;
  /** Before the headline of a test: "[TEST]". */
  testTag: string;
  /** The status line of a test. */
  testNote: string;
  /** The footer of a test. */
  testNotification: string;
  /** The status line of a recovery of unknown duration. */
  resolved: string;
  /** After an e-mail subject on a repeat: "(still firing)". */
  stillFiring: string;
  /** The value of the "…and N more" fact of a Teams card. */
  notShown: string;
  /** The upper-case label of a notification, by severity, recovery or test. */
  labels: Readonly<Record<Severity | 'resolved' | 'test', string>>;
  downFor(duration: string): string;
  lasted(duration: string): string;
  stillFiringSince(time: string): string;
  /** `since` is what stillFiringSince said. */
  stillFiringFor(since: string, duration: string): string;
  incidentRef(shortId: string): string;
  footer(head: string, rule: string): string;
  andMore(count: number): string;
  /** The value of Discord's "…and N more" field. */
  fieldsNotShown(count: number): string;
}

/**
 * The sentences of a notification. Names arrive as given (servers, trains, players); numbers arrive raw and are
 * written with the language's {@link Formats}. `subject` and `rule` arrive already said.
 */
export interface PhraseWords {
  fired(v: { rule: string; subject: string }): string;
  recovered(v: { recovery: string; subject: string }): string;
  /** Something on a server: "Circuit 3 on Base". */
  subject(v: { instance: string; server: string }): string;
  circuit(v: { id: string }): string;
  testTitle: string;
  /** The headline of an "acknowledged by" notice; `title` is the incident's headline, already said. */
  acknowledgedTitle(v: { title: string }): string;
  /** The summary of an "acknowledged by" notice. */
  acknowledged(v: { name: string }): string;
  /** The server name of a test message (it has no server). */
  testServer: string;
  /** The reason of an offline server when the poller gave none. */
  gamePortSilent: string;
  /** The reason of a lost add-on when there is none. */
  noAnswer: string;
  offline(v: { server: string; reason: string }): string;
  tickRateLow(v: { server: string; tick: number; limit: number }, f: Formats): string;
  playerCount(v: { server: string; count: number; limit: number; above: boolean }, f: Formats): string;
  fuseTripped(v: { circuit: string; server: string; consumed: number; capacity: number }, f: Formats): string;
  overCapacity(v: { circuit: string; server: string; consumed: number; capacity: number }, f: Formats): string;
  batteryDraining(v: { circuit: string; server: string; flow: number; percent: number }, f: Formats): string;
  batteryLow(v: { circuit: string; server: string; percent: number; below: number }, f: Formats): string;
  trainDerailed(v: { train: string; server: string; station: string | null }): string;
  addonLost(v: { server: string; reason: string }): string;
  /** Rates per minute. */
  productionDeficit(v: { item: string; server: string; produced: number; consumed: number }, f: Formats): string;
  capacityUnderused(
    v: { circuit: string; server: string; consumed: number; capacity: number; below: number },
    f: Formats,
  ): string;
  batteryEmptySoon(v: { circuit: string; server: string; seconds: number; percent: number }, f: Formats): string;
  capacityHeadroom(
    v: { circuit: string; server: string; capacity: number; peak: number; factor: number; minutes: number },
    f: Formats,
  ): string;
  /** `seconds` of fuel left when `why` is low. */
  generatorFuel(
    v: {
      generator: string;
      server: string;
      fuel: string | null;
      why: 'low' | 'empty' | 'cannotStart';
      seconds: number | null;
    },
    f: Formats,
  ): string;
  extractorStopped(v: { extractor: string; server: string; resource: string | null }): string;
  droneStationStopped(
    v: { station: string; server: string; why: 'noDrone' | 'noFuel' | 'lowFuel'; seconds: number | null },
    f: Formats,
  ): string;
  /** `deficit` per minute; `seconds` until the stock is gone at that rate. */
  stockEmptySoon(
    v: { item: string; server: string; amount: number; deficit: number; seconds: number },
    f: Formats,
  ): string;
  sinkPointsLow(v: { server: string; perMinute: number; below: number }, f: Formats): string;
  /** `from` null: the save the server ran before is not known. */
  sessionChanged(v: { server: string; from: string | null; to: string }): string;
  /** `names` empty: `count` unnamed players. */
  players(
    v: { joined: boolean; names: string[]; count: number; server: string; online: number | null },
    f: Formats,
  ): string;
  backOnline(v: { server: string; duration: string }): string;
  /** `recovery` is the rule kind's recovery headline; `worst` is what {@link PhraseWords.measured} said, or null. */
  recoveredAfter(v: { subject: string; recovery: string; duration: string; worst: string | null }): string;
  /** A measured value with its unit: "9.1/s", "3 players", "120 MW", "12.5 %". */
  measured(v: { value: number; unit: ValueUnit }, f: Formats): string;
  /** Before the current summary of a repeat; `then` is that summary. */
  stillFiring(v: { duration: string; then: string }): string;
  test(v: { channel: string }): string;
  /** A tick rate with its threshold: "9.1/s (threshold 15/s)". */
  tickRateValue(v: { tick: number; limit: number }, f: Formats): string;
  /** A count with its threshold: "5 (threshold 3)". */
  countValue(v: { count: number; limit: number }, f: Formats): string;
}

/**
 * Everything a notification says in one language. One object per language (en.ts, de.ts, ...), each typed with
 * this interface, so a language missing a word does not compile; catalogue.spec.ts checks the same at run time.
 */
export interface Catalogue {
  locale: Locale;
  formats: Formats;
  render: RenderWords;
  fields: Readonly<Record<FieldName, string>>;
  rules: Readonly<Record<RuleKindName, RuleWords>>;
  phrases: PhraseWords;
}
