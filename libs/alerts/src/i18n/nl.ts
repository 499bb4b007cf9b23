import type { Catalogue } from './catalogue';
import { intlFormats, measuredWith } from './formats';

/** Lower-cases the first letter of a headline used inside a sentence ("Zekering hersteld" -> "zekering hersteld"). */
const inSentence = (s: string): string => s.charAt(0).toLocaleLowerCase('nl') + s.slice(1);

/** Dutch, with the game's Dutch terms (stroomcircuit, zekering, energieopslag, station). */
export const nl: Catalogue = {
  locale: 'nl',
  formats: intlFormats('nl'),
  render: {
    colon: ':',
    server: 'Server',
    instance: 'Betreft',
    time: 'Tijd',
    started: 'Begonnen',
    incident: 'Incident',
    rule: 'Regel',
    downtime: 'Uitvaltijd',
    duration: 'Duur',
    details: 'Details',
    openDashboard: 'Dashboard openen',
    acknowledge: 'Bevestigen (ik pak het op)',
    alert: 'Melding',
    testTag: '[TEST]',
    testNote: 'Dit is een testmelding: je hoeft niets te doen.',
    testNotification: 'Testmelding',
    resolved: 'Opgelost',
    stillFiring: '(nog steeds actief)',
    notShown: 'niet getoond',
    labels: { critical: 'KRITIEK', warning: 'WAARSCHUWING', info: 'INFO', resolved: 'OPGELOST', test: 'TEST' },
    downFor: (d) => `Was ${d} offline`,
    lasted: (d) => `Duurde ${d}`,
    stillFiringSince: (time) => `Nog steeds actief sinds ${time}`,
    stillFiringFor: (since, d) => `${since} (al ${d})`,
    incidentRef: (id) => `Incident ${id}`,
    footer: (head, rule) => `${head} · regel: ${rule}`,
    andMore: (n) => `…en nog ${n}`,
    fieldsNotShown: (n) => (n === 1 ? 'veld niet getoond' : 'velden niet getoond'),
  },
  fields: {
    reason: 'Reden',
    tickRate: 'Tickrate',
    players: 'Spelers',
    playersOnline: 'Spelers online',
    whoIsOnline: 'Wie is er online',
    circuit: 'Stroomcircuit',
    consumption: 'Verbruik',
    capacity: 'Capaciteit',
    production: 'Productie',
    battery: 'Energieopslag',
    batteryFlow: 'Laden/ontladen',
    emptyIn: 'Leeg over',
    train: 'Trein',
    lastStation: 'Laatste station',
    channel: 'Kanaal',
    downtime: 'Uitvaltijd',
    lasted: 'Duur',
    item: 'Voorwerp',
    produced: 'Geproduceerd',
    consumed: 'Verbruikt',
    load: 'Belasting',
    peakConsumption: 'Piekverbruik',
    generator: 'Generator',
    fuel: 'Brandstof',
    fuelLeft: 'Brandstof over',
    timeLeft: 'Nog genoeg voor',
    extractor: 'Extractor',
    resource: 'Grondstof',
    station: 'Dronehaven',
    droneStatus: 'Dronestatus',
    stock: 'Voorraad',
    pointsPerMinute: 'Punten per minuut',
    session: 'Save',
    previousSession: 'Vorige save',
  },
  rules: {
    server_offline: { title: 'Server offline', recovered: 'Weer online' },
    degraded: { title: 'Server hapert', recovered: 'Tickrate hersteld' },
    tick_rate_below: { title: 'Tickrate laag', recovered: 'Tickrate hersteld' },
    player_joined: { title: 'Speler binnengekomen', recovered: '' },
    player_left: { title: 'Speler vertrokken', recovered: '' },
    player_count_above: { title: 'Veel spelers', recovered: 'Aantal spelers weer normaal' },
    player_count_below: { title: 'Weinig spelers', recovered: 'Aantal spelers weer normaal' },
    fuse_tripped: { title: 'Zekering gesprongen', recovered: 'Zekering hersteld' },
    battery_below: { title: 'Energieopslag laag', recovered: 'Energieopslag weer op peil' },
    battery_draining: { title: 'Energieopslag loopt leeg', recovered: 'Energieopslag loopt niet meer leeg' },
    power_over_capacity: { title: 'Verbruik boven capaciteit', recovered: 'Verbruik weer binnen capaciteit' },
    train_derailed: { title: 'Trein ontspoord', recovered: 'Trein weer op het spoor' },
    addon_lost: { title: 'Add-on kwijt', recovered: 'Add-on terug' },
    production_deficit: { title: 'Productietekort', recovered: 'Productie in balans' },
    capacity_underused: { title: 'Stroomcapaciteit onderbenut', recovered: 'Stroomcapaciteit weer benut' },
    battery_empty_soon: { title: 'Energieopslag bijna leeg', recovered: 'Energieopslag raakt niet meer leeg' },
    capacity_headroom: { title: 'Weinig stroomreserve', recovered: 'Stroomreserve hersteld' },
    generator_fuel_low: { title: 'Generator bijna zonder brandstof', recovered: 'Generator heeft weer brandstof' },
    extractor_stopped: { title: 'Extractor staat stil', recovered: 'Extractor produceert weer' },
    drone_station_stopped: { title: 'Dronehaven staat stil', recovered: 'Drone vliegt weer' },
    stock_empty_soon: { title: 'Voorraad raakt op', recovered: 'Voorraad raakt niet meer op' },
    sink_points_below: { title: 'Weinig sinkpunten', recovered: 'Sinkpunten hersteld' },
    session_changed: { title: 'Save gewisseld', recovered: '' },
  },
  phrases: {
    fired: ({ rule, subject }) => `${rule}: ${subject}`,
    recovered: ({ recovery, subject }) => `${recovery}: ${subject}`,
    subject: ({ instance, server }) => `${instance} op ${server}`,
    circuit: ({ id }) => `Stroomcircuit ${id}`,
    testTitle: 'Testbericht',
    acknowledgedTitle: ({ title }) => `Bevestigd: ${title}`,
    acknowledged: ({ name }) =>
      `${name} heeft dit incident bevestigd en pakt het op; herhalingen stoppen tot het is opgelost.`,
    testServer: 'Satisfactory-monitoring',
    gamePortSilent: 'de gamepoort antwoordt niet',
    noAnswer: 'geen antwoord',
    offline: ({ server, reason }) => `${server} is offline: ${reason}.`,
    tickRateLow: ({ server, tick, limit }, f) =>
      `${server} draait op ${f.number(tick)} ticks per seconde, onder ${f.number(limit)}/s: de fabriek loopt achter.`,
    playerCount: ({ server, count, limit, above }, f) =>
      `Er ${count === 1 ? 'is' : 'zijn'} ${f.number(count)} ${count === 1 ? 'speler' : 'spelers'} online op ${server}, ${above ? 'meer' : 'minder'} dan ${f.number(limit)}.`,
    fuseTripped: ({ circuit, server, consumed, capacity }, f) =>
      `De zekering van stroomcircuit ${circuit} op ${server} is gesprongen: alles erop ligt stil. Verbruik ${f.mw(consumed)}, capaciteit ${f.mw(capacity)}.`,
    overCapacity: ({ circuit, server, consumed, capacity }, f) =>
      `Stroomcircuit ${circuit} op ${server} verbruikt ${f.mw(consumed)}, meer dan de capaciteit van ${f.mw(capacity)}: de zekering kan springen.`,
    batteryDraining: ({ circuit, server, flow, percent }, f) =>
      `De energieopslag van stroomcircuit ${circuit} op ${server} blijft leeglopen (${f.mw(flow)}) en staat nu op ${f.percent(percent)}.`,
    batteryLow: ({ circuit, server, percent, below }, f) =>
      `De energieopslag van stroomcircuit ${circuit} op ${server} staat op ${f.percent(percent)}, onder ${f.percent(below)}.`,
    trainDerailed: ({ train, server, station }) =>
      `Trein ${train} op ${server} is ontspoord${station ? ` na station ${station}` : ''}.`,
    addonLost: ({ server, reason }) =>
      `Ficsit Remote Monitoring antwoordt niet meer op ${server} (${reason}): stroom, spelers en productie worden niet bijgewerkt.`,
    productionDeficit: ({ item, server, produced, consumed }, f) =>
      `${server} verbruikt ${f.number(consumed)}/min ${item} maar produceert maar ${f.number(produced)}/min: de voorraad slinkt.`,
    capacityUnderused: ({ circuit, server, consumed, capacity, below }, f) =>
      `Stroomcircuit ${circuit} op ${server} gebruikt ${f.mw(consumed)} van zijn capaciteit van ${f.mw(capacity)}, minder dan ${f.percent(below)}.`,
    batteryEmptySoon: ({ circuit, server, seconds, percent }, f) =>
      `De energieopslag van stroomcircuit ${circuit} op ${server} loopt leeg en is over ${f.duration(seconds)} leeg (nu ${f.percent(percent)}): dan springt de zekering.`,
    capacityHeadroom: ({ circuit, server, capacity, peak, factor, minutes }, f) =>
      `Stroomcircuit ${circuit} op ${server} heeft een capaciteit van ${f.mw(capacity)}, minder dan ${f.number(factor)} keer het piekverbruik van ${f.mw(peak)} in de laatste ${f.minutes(minutes)}.`,
    generatorFuel: ({ generator, server, fuel, why, seconds }, f) => {
      const what = `${generator} op ${server}`;
      if (why === 'cannotStart') return `${what} kan niet starten: hij levert geen stroom.`;
      if (why === 'empty')
        return `${what} heeft geen brandstof meer${fuel ? ` (${fuel})` : ''}: hij levert geen stroom.`;
      return `${what} heeft brandstof${fuel ? ` (${fuel})` : ''} voor nog ${seconds === null ? '?' : f.duration(seconds)} bij het huidige vermogen.`;
    },
    extractorStopped: ({ extractor, server, resource }) =>
      `${extractor} op ${server}${resource ? ` (${resource})` : ''} is ingesteld en niet gepauzeerd, maar produceert niets: geen stroom, of de uitvoer is vol.`,
    droneStationStopped: ({ station, server, why, seconds }, f) => {
      if (why === 'noDrone') return `Dronehaven ${station} op ${server} heeft geen drone: er vertrekt niets.`;
      if (why === 'noFuel')
        return `De drone van haven ${station} op ${server} heeft geen brandstof meer en kan niet vliegen.`;
      return `De drone van haven ${station} op ${server} heeft brandstof voor nog ${seconds === null ? '?' : f.duration(seconds)} bij het geschatte verbruik.`;
    },
    stockEmptySoon: ({ item, server, amount, deficit, seconds }, f) =>
      `${server} heeft ${f.number(amount)} ${item} op voorraad en verbruikt er ${f.number(deficit)}/min meer van dan het maakt: leeg over ${f.duration(seconds)}.`,
    sinkPointsLow: ({ server, perMinute, below }, f) =>
      `De AWESOME Sink op ${server} levert ${f.number(perMinute)} punten/min op, minder dan ${f.number(below)}.`,
    sessionChanged: ({ server, from, to }) =>
      `${server} heeft de save ${to} geladen${from ? ` (eerder draaide ${from})` : ''}: grafieken beginnen er nieuwe reeksen voor.`,
    players: ({ joined, names, count, server, online }, f) => {
      const many = (names.length || count) !== 1;
      const who = names.length > 0 ? f.list(names) : count === 1 ? 'Een speler' : `${f.number(count)} spelers`;
      const did = joined
        ? `${many ? 'zijn' : 'is'} ${server} binnengekomen`
        : `${many ? 'hebben' : 'heeft'} ${server} verlaten`;
      return `${who} ${did}. Nu ${online === null ? '?' : f.number(online)} online.`;
    },
    backOnline: ({ server, duration }) => `${server} is weer online na ${duration} offline.`,
    recoveredAfter: ({ subject, recovery, duration, worst }) =>
      `${subject}: ${inSentence(recovery)} na ${duration}.${worst === null ? '' : ` Slechtste waarde: ${worst}.`}`,
    measured: measuredWith('spelers'),
    stillFiring: ({ duration, then }) => `Al ${duration} actief. ${then}`,
    test: ({ channel }) =>
      `Dit is een test van het kanaal ‘${channel}’. Als een regel afgaat, zien meldingen er zo uit.`,
    tickRateValue: ({ tick, limit }, f) => `${f.number(tick)}/s (drempel ${f.number(limit)}/s)`,
    countValue: ({ count, limit }, f) => `${f.number(count)} (drempel ${f.number(limit)})`,
  },
};
