import type { RuleKindName } from '../rules';

// What a notification says, as catalogue keys and the values they take: alerting builds these once (in the engine,
// and for a channel test), stores them with the message, and every renderer says them in its channel's language
// (say.ts). Plain JSON (strings, numbers, booleans, arrays): they are stored in the deliveries' message column.
// Names from the game or the user (servers, trains, players, a reason the poller gave) are values, never translated.
// Keys are only ever added: a stored message outlives a release, and one with a key its renderer does not know is
// shown with the English texts stored beside it.

/** The unit of a rule's measured value, as the worst value of a recovery names it. */
export type ValueUnit = 'perSecond' | 'players' | 'mw' | 'percent' | 'perMinute' | 'seconds' | 'none';

/** What a rule watches on a server: a power circuit by its number, or something by its name in the game. */
export type InstanceWords = { key: 'circuit'; id: string } | { key: 'text'; text: string };

/** Who a notification is about: a server, or something on it. */
export interface SubjectWords {
  server: string;
  instance: InstanceWords | null;
}

/**
 * A rule's name. A name that is still its kind's English title (a preset nobody renamed) is said as the kind's
 * title in each language; a name its user chose is said as written.
 */
export interface RuleNameWords {
  kind: string;
  name: string;
}

/** The headline. */
export type TitleWords =
  | { key: 'fired'; rule: RuleNameWords; subject: SubjectWords }
  | { key: 'recovered'; kind: RuleKindName; subject: SubjectWords }
  | { key: 'test' }
  /** Someone acknowledged the incident whose headline `of` was. */
  | { key: 'acknowledged'; of: TitleWords };

/** The one or two sentences of what happened. */
export type SummaryWords =
  | { key: 'offline'; server: string; reason: string | null }
  | { key: 'tickRateLow'; server: string; tick: number; limit: number }
  | { key: 'playerCount'; server: string; count: number; limit: number; above: boolean }
  | { key: 'fuseTripped'; circuit: string; server: string; consumed: number; capacity: number }
  | { key: 'overCapacity'; circuit: string; server: string; consumed: number; capacity: number }
  | { key: 'batteryDraining'; circuit: string; server: string; flow: number; percent: number }
  | { key: 'batteryLow'; circuit: string; server: string; percent: number; below: number }
  | { key: 'trainDerailed'; train: string; server: string; station: string | null }
  | { key: 'addonLost'; server: string; reason: string | null }
  /** Rates per minute. */
  | { key: 'productionDeficit'; item: string; server: string; produced: number; consumed: number }
  | { key: 'capacityUnderused'; circuit: string; server: string; consumed: number; capacity: number; below: number }
  /** `seconds`: time until the batteries are empty. */
  | { key: 'batteryEmptySoon'; circuit: string; server: string; seconds: number; percent: number }
  /** `peak`: the highest consumption in the last `minutes`. */
  | {
      key: 'capacityHeadroom';
      circuit: string;
      server: string;
      capacity: number;
      peak: number;
      factor: number;
      minutes: number;
    }
  /** Why a generator runs out: `seconds` of fuel left (low), none left (empty), or it cannot start. */
  | {
      key: 'generatorFuel';
      generator: string;
      server: string;
      fuel: string | null;
      why: 'low' | 'empty' | 'cannotStart';
      seconds: number | null;
    }
  | { key: 'extractorStopped'; extractor: string; server: string; resource: string | null }
  /** Why a drone port's drone cannot fly; `seconds` of fuel left when `why` is lowFuel. */
  | {
      key: 'droneStationStopped';
      station: string;
      server: string;
      why: 'noDrone' | 'noFuel' | 'lowFuel';
      seconds: number | null;
    }
  /** `deficit` per minute; `seconds` until the stock is gone at that rate. */
  | { key: 'stockEmptySoon'; item: string; server: string; amount: number; deficit: number; seconds: number }
  | { key: 'sinkPointsLow'; server: string; perMinute: number; below: number }
  /** Another save was loaded; `from` null when the one before is not known. */
  | { key: 'sessionChanged'; server: string; from: string | null; to: string }
  /** Players joined or left: by name when known (`names`), otherwise how many (`count`). */
  | { key: 'players'; joined: boolean; names: string[]; count: number; server: string; online: number | null }
  | { key: 'backOnline'; server: string; seconds: number }
  | {
      key: 'recovered';
      kind: RuleKindName;
      subject: SubjectWords;
      seconds: number;
      worst: { value: number; unit: ValueUnit } | null;
    }
  /** A repeat: how long it has been firing, then what the condition says now. */
  | { key: 'stillFiring'; seconds: number; then: SummaryWords }
  | { key: 'test'; channel: string }
  /** `name`, a member of the organisation, acknowledged the incident. */
  | { key: 'acknowledged'; name: string }
  /** Nothing to say (an instance that went away: only its recovery is told). */
  | { key: 'none' };

/** The label of a detail. */
export type FieldName =
  | 'reason'
  | 'tickRate'
  | 'players'
  | 'playersOnline'
  | 'whoIsOnline'
  | 'circuit'
  | 'consumption'
  | 'capacity'
  | 'production'
  | 'battery'
  | 'batteryFlow'
  | 'emptyIn'
  | 'train'
  | 'lastStation'
  | 'channel'
  | 'downtime'
  | 'lasted'
  | 'item'
  | 'produced'
  | 'consumed'
  | 'load'
  | 'peakConsumption'
  | 'generator'
  | 'fuel'
  | 'fuelLeft'
  | 'timeLeft'
  | 'extractor'
  | 'resource'
  | 'station'
  | 'droneStatus'
  | 'stock'
  | 'pointsPerMinute'
  | 'session'
  | 'previousSession';

/** The value of a detail. */
export type ValueWords =
  | { key: 'text'; text: string }
  /** Why a server is offline; null: the game port does not answer. */
  | { key: 'offlineReason'; reason: string | null }
  /** Why the add-on is lost; null: no answer. */
  | { key: 'addonReason'; reason: string | null }
  | { key: 'tickRate'; tick: number; limit: number }
  | { key: 'count'; count: number | null }
  | { key: 'countOf'; count: number; limit: number }
  | { key: 'power'; mw: number; signed: boolean }
  | { key: 'percent'; percent: number }
  | { key: 'minutes'; minutes: number }
  | { key: 'duration'; seconds: number }
  /** A rate: "12.5/min". */
  | { key: 'perMinute'; value: number }
  /** A plain number: "48", "12.5". */
  | { key: 'number'; value: number };

/** One detail of a notification. */
export interface FieldWords {
  name: FieldName;
  value: ValueWords;
  inline?: boolean;
}

/** Every text of a notification that is not a name, as keys and values. */
export interface MessageWords {
  title: TitleWords;
  summary: SummaryWords;
  fields: FieldWords[];
  /** What the rule watches beyond the server, or null. */
  instance: InstanceWords | null;
  /** The rule's name; null on a test message, which has no rule (and names the platform in place of a server). */
  rule: RuleNameWords | null;
}
