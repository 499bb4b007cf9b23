import { Locale } from '@app/contracts';
import { RULE_KIND_NAMES } from '../rules';
import type { Catalogue, PhraseWords } from './catalogue';
import { catalogue, CATALOGUES } from './catalogues';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';

// By type: every language is a Catalogue, so one without a word does not compile. The lines below check that this
// still holds (the build type-checks this file: an @ts-expect-error that no longer errs fails it).
const { offline: _offline, ...phrasesWithoutOne } = de.phrases;
// @ts-expect-error a language missing a sentence is refused
const missingPhrase: Catalogue = { ...de, phrases: phrasesWithoutOne };
const { addon_lost: _addonLost, ...rulesWithoutOne } = fr.rules;
// @ts-expect-error a language missing a rule kind is refused
const missingRule: Catalogue = { ...fr, rules: rulesWithoutOne };
// @ts-expect-error a language missing a field name is refused
const missingField: Catalogue = { ...es, fields: { ...es.fields, emptyIn: undefined } };
// @ts-expect-error the list of languages cannot leave one out
const missingLanguage: Record<Locale, Catalogue> = { en, de, es, fr };
void [missingPhrase, missingRule, missingField, missingLanguage];

/** What each sentence is called with in these checks. */
const SAMPLES: {
  [K in keyof PhraseWords]: PhraseWords[K] extends (v: infer V, ...rest: never[]) => string ? V : null;
} = {
  fired: { rule: 'Rule', subject: 'Base' },
  recovered: { recovery: 'Recovered', subject: 'Base' },
  subject: { instance: 'Thing', server: 'Base' },
  circuit: { id: '3' },
  testTitle: null,
  acknowledgedTitle: { title: 'Server offline: Base' },
  acknowledged: { name: 'Ada' },
  testServer: null,
  gamePortSilent: null,
  noAnswer: null,
  offline: { server: 'Base', reason: 'reason' },
  tickRateLow: { server: 'Base', tick: 9.14, limit: 15 },
  playerCount: { server: 'Base', count: 5, limit: 3, above: true },
  fuseTripped: { circuit: '3', server: 'Base', consumed: 1234.56, capacity: 1000 },
  overCapacity: { circuit: '3', server: 'Base', consumed: 1234.56, capacity: 1000 },
  batteryDraining: { circuit: '3', server: 'Base', flow: -12.3, percent: 55.2 },
  batteryLow: { circuit: '3', server: 'Base', percent: 12.5, below: 20 },
  trainDerailed: { train: 'Choo', server: 'Base', station: 'North' },
  addonLost: { server: 'Base', reason: 'reason' },
  productionDeficit: { item: 'Iron Ingot', server: 'Base', produced: 100, consumed: 120.5 },
  capacityUnderused: { circuit: '3', server: 'Base', consumed: 50, capacity: 1000, below: 20 },
  batteryEmptySoon: { circuit: '3', server: 'Base', seconds: 600, percent: 12.5 },
  capacityHeadroom: { circuit: '3', server: 'Base', capacity: 1000, peak: 900, factor: 1.2, minutes: 60 },
  generatorFuel: { generator: 'Coal Generator', server: 'Base', fuel: 'Coal', why: 'low', seconds: 300 },
  extractorStopped: { extractor: 'Miner Mk.1', server: 'Base', resource: 'Iron Ore' },
  droneStationStopped: { station: 'Arlanda', server: 'Base', why: 'lowFuel', seconds: 300 },
  stockEmptySoon: { item: 'Iron Plate', server: 'Base', amount: 1200, deficit: 40, seconds: 1800 },
  sinkPointsLow: { server: 'Base', perMinute: 1500, below: 5000 },
  sessionChanged: { server: 'Base', from: 'Old world', to: 'New world' },
  players: { joined: true, names: ['Ada', 'Grace'], count: 2, server: 'Base', online: 3 },
  backOnline: { server: 'Base', duration: '4 min' },
  recoveredAfter: { subject: 'Base', recovery: 'Recovered', duration: '4 min', worst: '9' },
  measured: { value: 9.14, unit: 'perSecond' },
  stillFiring: { duration: '4 min', then: 'Now.' },
  test: { channel: 'Ops' },
  tickRateValue: { tick: 9.14, limit: 15 },
  countValue: { count: 5, limit: 3 },
};

/** Sentences that hold no words of their own, only punctuation around values (the same in several languages). */
const PUNCTUATION_ONLY = new Set(['fired', 'recovered', 'measured']);
/** Sentences that are rightly the same as English: French writes "Circuit 3", Dutch says "Base is offline: …". */
const SAME_AS_ENGLISH: Partial<Record<Locale, string[]>> = { fr: ['circuit'], nl: ['offline'] };

/** Every leaf of a catalogue by its path, with what it is: a string, a function or a value of another type. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      for (const entry of leaves(child, `${path}.${key}`)) out.set(...entry);
  } else out.set(path, typeof value);
  return out;
}

describe('alert message catalogues', () => {
  const others = Locale.options.filter((l) => l !== 'en');

  it('has one catalogue per language of the platform, each naming its language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...Locale.options].sort());
    for (const locale of Locale.options) expect(CATALOGUES[locale].locale).toBe(locale);
    expect(catalogue('de')).toBe(de);
    expect(catalogue('xx')).toBe(en);
    expect(catalogue(null)).toBe(en);
    expect(catalogue('__proto__')).toBe(en);
  });

  it.each(others)('%s has every word English has, of the same kind, and no other', (locale) => {
    expect([...leaves(CATALOGUES[locale])].sort()).toEqual([...leaves(en)].sort());
  });

  it.each(Locale.options)(
    '%s has words for every rule kind, and a recovery headline exactly where English has',
    (locale) => {
      const rules = CATALOGUES[locale].rules;
      expect(Object.keys(rules).sort()).toEqual([...RULE_KIND_NAMES].sort());
      for (const kind of RULE_KIND_NAMES) {
        expect(rules[kind].title.trim()).not.toBe('');
        expect(rules[kind].recovered === '').toBe(en.rules[kind].recovered === '');
      }
    },
  );

  it.each(Locale.options)('%s says every sentence and label (nothing empty)', (locale) => {
    const t = CATALOGUES[locale];
    for (const [path, kind] of leaves(t)) {
      if (kind !== 'string' || path.startsWith('.rules.')) continue;
      const text = path
        .split('.')
        .slice(1)
        .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], t);
      expect({ path, empty: (text as string).trim() === '' }).toEqual({ path, empty: false });
    }
    for (const [key, sample] of Object.entries(SAMPLES)) {
      const phrase = t.phrases[key as keyof PhraseWords];
      const said =
        typeof phrase === 'function' ? (phrase as (v: unknown, f: unknown) => string)(sample, t.formats) : phrase;
      expect({ key, said: said.trim() === '' ? 'empty' : 'said' }).toEqual({ key, said: 'said' });
    }
    for (const n of [1, 3]) {
      expect(t.render.andMore(n)).toContain(String(n));
      expect(t.render.fieldsNotShown(n).trim()).not.toBe('');
    }
  });

  it.each(others)('%s translates every sentence (none is left in English)', (locale) => {
    const t = CATALOGUES[locale];
    for (const [key, sample] of Object.entries(SAMPLES)) {
      if (PUNCTUATION_ONLY.has(key)) continue;
      const say = (c: Catalogue): string => {
        const phrase = c.phrases[key as keyof PhraseWords];
        return typeof phrase === 'function'
          ? (phrase as (v: unknown, f: unknown) => string)(sample, c.formats)
          : phrase;
      };
      if (SAME_AS_ENGLISH[locale]?.includes(key)) continue;
      expect({ key, same: say(t) === say(en) }).toEqual({ key, same: false });
    }
    expect(t.render.testNote).not.toBe(en.render.testNote);
    expect(t.render.openDashboard).not.toBe(en.render.openDashboard);
  });

  it.each(Locale.options)('%s tells each reason a generator or drone port stops apart', (locale) => {
    const t = CATALOGUES[locale];
    const generator = (['low', 'empty', 'cannotStart'] as const).map((why) =>
      t.phrases.generatorFuel(
        { generator: 'Coal Generator', server: 'Base', fuel: 'Coal', why, seconds: 300 },
        t.formats,
      ),
    );
    const station = (['noDrone', 'noFuel', 'lowFuel'] as const).map((why) =>
      t.phrases.droneStationStopped({ station: 'Arlanda', server: 'Base', why, seconds: 300 }, t.formats),
    );
    for (const said of [generator, station]) {
      expect(new Set(said).size).toBe(3);
      for (const s of said) expect(s).toContain('Base');
    }
    expect(generator[0]).toContain(t.formats.duration(300));
    expect(station[2]).toContain(t.formats.duration(300));
  });

  it('writes numbers, durations and times in the language with Intl, and English as it always did', () => {
    const at = new Date('2025-03-04T05:06:07Z');
    expect([en.formats.number(1234.56), en.formats.mw(-0.04, true), en.formats.mw(3, true)]).toEqual([
      '1234.6',
      '0 MW',
      '+3 MW',
    ]);
    expect(en.formats.percent(55.25)).toBe('55.3 %');
    expect([en.formats.duration(252), en.formats.duration(7_500), en.formats.time(at)]).toEqual([
      '4 min 12 s',
      '2 h 5 min',
      '2025-03-04 05:06:07 UTC',
    ]);
    expect([de.formats.number(1234.56), de.formats.mw(-12.34, true), de.formats.mw(3, true)]).toEqual([
      '1.234,6',
      '-12,3 MW',
      '+3 MW',
    ]);
    expect([de.formats.duration(252), de.formats.duration(0), de.formats.minutes(62)]).toEqual([
      '4 Min., 12 Sek.',
      '0 Sek.',
      '62 Min.',
    ]);
    expect(de.formats.time(at)).toBe('04.03.2025, 05:06:07 UTC');
    expect(de.formats.list(['Ada', 'Bob', 'Grace'])).toBe('Ada, Bob und Grace');
    expect(fr.formats.number(1234.56)).toBe('1\u202f234,6');
    // French separates units with no-break spaces.
    expect(fr.formats.duration(7_500).replace(/\s/g, ' ')).toBe('2 h et 5 min');
    expect(es.formats.duration(3 * 86_400 + 4 * 3600)).toBe('3 d y 4 h');
    expect(CATALOGUES.nl.formats.percent(55.2)).toBe('55,2%');
  });
});
