import type { Catalogue } from './catalogue';
import { intlFormats, measuredWith } from './formats';

/** German, with the game's German terms (Stromkreis, Sicherung, Energiespeicher, Bahnhof). */
export const de: Catalogue = {
  locale: 'de',
  formats: intlFormats('de'),
  render: {
    colon: ':',
    server: 'Server',
    instance: 'Betrifft',
    time: 'Zeit',
    started: 'Beginn',
    incident: 'Vorfall',
    rule: 'Regel',
    downtime: 'Ausfallzeit',
    duration: 'Dauer',
    details: 'Details',
    openDashboard: 'Dashboard öffnen',
    acknowledge: 'Bestätigen (ich kümmere mich)',
    alert: 'Alarm',
    testTag: '[TEST]',
    testNote: 'Dies ist eine Testbenachrichtigung: Es ist nichts zu tun.',
    testNotification: 'Testbenachrichtigung',
    resolved: 'Behoben',
    stillFiring: '(weiterhin aktiv)',
    notShown: 'nicht angezeigt',
    labels: { critical: 'KRITISCH', warning: 'WARNUNG', info: 'INFO', resolved: 'BEHOBEN', test: 'TEST' },
    downFor: (d) => `Ausgefallen für ${d}`,
    lasted: (d) => `Dauerte ${d}`,
    stillFiringSince: (time) => `Weiterhin aktiv seit ${time}`,
    stillFiringFor: (since, d) => `${since} (insgesamt ${d})`,
    incidentRef: (id) => `Vorfall ${id}`,
    footer: (head, rule) => `${head} · Regel: ${rule}`,
    andMore: (n) => `…und ${n} weitere`,
    fieldsNotShown: (n) => (n === 1 ? 'Feld nicht angezeigt' : 'Felder nicht angezeigt'),
  },
  fields: {
    reason: 'Grund',
    tickRate: 'Tickrate',
    players: 'Spieler',
    playersOnline: 'Spieler online',
    whoIsOnline: 'Wer ist online',
    circuit: 'Stromkreis',
    consumption: 'Verbrauch',
    capacity: 'Kapazität',
    production: 'Produktion',
    battery: 'Energiespeicher',
    batteryFlow: 'Lade-/Entladeleistung',
    emptyIn: 'Leer in',
    train: 'Zug',
    lastStation: 'Letzter Bahnhof',
    channel: 'Kanal',
    downtime: 'Ausfallzeit',
    lasted: 'Dauer',
    item: 'Artikel',
    produced: 'Produziert',
    consumed: 'Verbraucht',
    load: 'Auslastung',
    peakConsumption: 'Spitzenverbrauch',
    generator: 'Generator',
    fuel: 'Brennstoff',
    fuelLeft: 'Brennstoff übrig',
    timeLeft: 'Reicht noch',
    extractor: 'Extraktor',
    resource: 'Ressource',
    station: 'Drohnenhafen',
    droneStatus: 'Drohnenstatus',
    stock: 'Vorrat',
    pointsPerMinute: 'Punkte pro Minute',
    session: 'Spielstand',
    previousSession: 'Vorheriger Spielstand',
  },
  rules: {
    server_offline: { title: 'Server offline', recovered: 'Wieder online' },
    degraded: { title: 'Server beeinträchtigt', recovered: 'Tickrate erholt' },
    tick_rate_below: { title: 'Tickrate niedrig', recovered: 'Tickrate erholt' },
    player_joined: { title: 'Spieler beigetreten', recovered: '' },
    player_left: { title: 'Spieler gegangen', recovered: '' },
    player_count_above: { title: 'Viele Spieler', recovered: 'Spielerzahl wieder normal' },
    player_count_below: { title: 'Wenige Spieler', recovered: 'Spielerzahl wieder normal' },
    fuse_tripped: { title: 'Sicherung durchgebrannt', recovered: 'Sicherung zurückgesetzt' },
    battery_below: { title: 'Energiespeicher niedrig', recovered: 'Energiespeicher wieder geladen' },
    battery_draining: { title: 'Energiespeicher entlädt sich', recovered: 'Energiespeicher entlädt sich nicht mehr' },
    power_over_capacity: { title: 'Verbrauch über Kapazität', recovered: 'Verbrauch wieder innerhalb der Kapazität' },
    train_derailed: { title: 'Zug entgleist', recovered: 'Zug wieder auf den Gleisen' },
    addon_lost: { title: 'Add-on verloren', recovered: 'Add-on wieder da' },
    production_deficit: { title: 'Produktionsdefizit', recovered: 'Produktion ausgeglichen' },
    capacity_underused: { title: 'Stromkapazität kaum genutzt', recovered: 'Stromkapazität wieder genutzt' },
    battery_empty_soon: { title: 'Energiespeicher bald leer', recovered: 'Energiespeicher läuft nicht mehr leer' },
    capacity_headroom: { title: 'Wenig Stromreserve', recovered: 'Stromreserve wiederhergestellt' },
    generator_fuel_low: { title: 'Generator-Brennstoff knapp', recovered: 'Generator wieder mit Brennstoff' },
    extractor_stopped: { title: 'Extraktor steht', recovered: 'Extraktor produziert wieder' },
    drone_station_stopped: { title: 'Drohnenhafen steht', recovered: 'Drohne fliegt wieder' },
    stock_empty_soon: { title: 'Vorrat geht zur Neige', recovered: 'Vorrat reicht wieder' },
    sink_points_below: { title: 'Wenig Senkenpunkte', recovered: 'Senkenpunkte erholt' },
    session_changed: { title: 'Spielstand gewechselt', recovered: '' },
  },
  phrases: {
    fired: ({ rule, subject }) => `${rule}: ${subject}`,
    recovered: ({ recovery, subject }) => `${recovery}: ${subject}`,
    subject: ({ instance, server }) => `${instance} auf ${server}`,
    circuit: ({ id }) => `Stromkreis ${id}`,
    testTitle: 'Testnachricht',
    acknowledgedTitle: ({ title }) => `Bestätigt: ${title}`,
    acknowledged: ({ name }) =>
      `${name} hat diesen Vorfall bestätigt und kümmert sich darum; Wiederholungen bleiben aus, bis er behoben ist.`,
    testServer: 'Satisfactory-Überwachung',
    gamePortSilent: 'der Spielport antwortet nicht',
    noAnswer: 'keine Antwort',
    offline: ({ server, reason }) => `${server} ist offline: ${reason}.`,
    tickRateLow: ({ server, tick, limit }, f) =>
      `${server} läuft mit ${f.number(tick)} Ticks pro Sekunde, unter ${f.number(limit)}/s: Die Fabrik kommt nicht hinterher.`,
    playerCount: ({ server, count, limit, above }, f) =>
      `${f.number(count)} Spieler ${count === 1 ? 'ist' : 'sind'} auf ${server} online, ${above ? 'mehr' : 'weniger'} als ${f.number(limit)}.`,
    fuseTripped: ({ circuit, server, consumed, capacity }, f) =>
      `Die Sicherung von Stromkreis ${circuit} auf ${server} ist durchgebrannt: Alles daran steht still. Verbrauch ${f.mw(consumed)}, Kapazität ${f.mw(capacity)}.`,
    overCapacity: ({ circuit, server, consumed, capacity }, f) =>
      `Stromkreis ${circuit} auf ${server} verbraucht ${f.mw(consumed)}, mehr als seine Kapazität von ${f.mw(capacity)}: Die Sicherung kann durchbrennen.`,
    batteryDraining: ({ circuit, server, flow, percent }, f) =>
      `Die Energiespeicher von Stromkreis ${circuit} auf ${server} entladen sich weiter (${f.mw(flow)}), jetzt bei ${f.percent(percent)}.`,
    batteryLow: ({ circuit, server, percent, below }, f) =>
      `Die Energiespeicher von Stromkreis ${circuit} auf ${server} stehen bei ${f.percent(percent)}, unter ${f.percent(below)}.`,
    trainDerailed: ({ train, server, station }) =>
      `Zug ${train} auf ${server} ist entgleist${station ? `, zuletzt am Bahnhof ${station}` : ''}.`,
    addonLost: ({ server, reason }) =>
      `Ficsit Remote Monitoring antwortet auf ${server} nicht mehr (${reason}): Strom, Spieler und Produktion werden nicht mehr aktualisiert.`,
    productionDeficit: ({ item, server, produced, consumed }, f) =>
      `${server} verbraucht ${f.number(consumed)}/min ${item}, produziert aber nur ${f.number(produced)}/min: Der Vorrat schrumpft.`,
    capacityUnderused: ({ circuit, server, consumed, capacity, below }, f) =>
      `Stromkreis ${circuit} auf ${server} nutzt ${f.mw(consumed)} seiner Kapazität von ${f.mw(capacity)}, weniger als ${f.percent(below)}.`,
    batteryEmptySoon: ({ circuit, server, seconds, percent }, f) =>
      `Die Energiespeicher von Stromkreis ${circuit} auf ${server} entladen sich und sind in ${f.duration(seconds)} leer (jetzt ${f.percent(percent)}): Dann brennt die Sicherung durch.`,
    capacityHeadroom: ({ circuit, server, capacity, peak, factor, minutes }, f) =>
      `Stromkreis ${circuit} auf ${server} hat eine Kapazität von ${f.mw(capacity)}, weniger als das ${f.number(factor)}-Fache seines Spitzenverbrauchs von ${f.mw(peak)} in den letzten ${f.minutes(minutes)}`,
    generatorFuel: ({ generator, server, fuel, why, seconds }, f) => {
      const what = `${generator} auf ${server}`;
      if (why === 'cannotStart') return `${what} kann nicht starten: Er erzeugt keinen Strom.`;
      if (why === 'empty')
        return `${what} hat keinen Brennstoff mehr${fuel ? ` (${fuel})` : ''}: Er erzeugt keinen Strom.`;
      return `Der Brennstoff${fuel ? ` (${fuel})` : ''} von ${what} reicht bei der jetzigen Leistung noch ${seconds === null ? '?' : f.duration(seconds)}`;
    },
    extractorStopped: ({ extractor, server, resource }) =>
      `${extractor} auf ${server}${resource ? ` (${resource})` : ''} ist eingerichtet und nicht pausiert, fördert aber nichts: kein Strom, oder die Ausgabe ist voll.`,
    droneStationStopped: ({ station, server, why, seconds }, f) => {
      if (why === 'noDrone') return `Drohnenhafen ${station} auf ${server} hat keine Drohne: Von dort fliegt nichts.`;
      if (why === 'noFuel')
        return `Die Drohne von Hafen ${station} auf ${server} hat keinen Treibstoff mehr und kann nicht fliegen.`;
      return `Der Treibstoff der Drohne von Hafen ${station} auf ${server} reicht beim geschätzten Verbrauch noch ${seconds === null ? '?' : f.duration(seconds)}`;
    },
    stockEmptySoon: ({ item, server, amount, deficit, seconds }, f) =>
      `${server} hat ${f.number(amount)} ${item} auf Lager und verbraucht davon ${f.number(deficit)}/min mehr, als es herstellt: leer in ${f.duration(seconds)}.`,
    sinkPointsLow: ({ server, perMinute, below }, f) =>
      `Die AWESOME-Senke auf ${server} bringt ${f.number(perMinute)} Punkte/min, weniger als ${f.number(below)}.`,
    sessionChanged: ({ server, from, to }) =>
      `${server} hat den Spielstand ${to} geladen${from ? ` (vorher lief ${from})` : ''}: Diagramme beginnen dafür neue Reihen.`,
    players: ({ joined, names, count, server, online }, f) => {
      const many = (names.length || count) !== 1;
      const who = names.length > 0 ? f.list(names) : count === 1 ? 'Ein Spieler' : `${f.number(count)} Spieler`;
      const did = joined
        ? `${many ? 'sind' : 'ist'} ${server} beigetreten`
        : `${many ? 'haben' : 'hat'} ${server} verlassen`;
      return `${who} ${did}. Jetzt ${online === null ? '?' : f.number(online)} online.`;
    },
    backOnline: ({ server, duration }) => `${server} ist nach ${duration} Ausfall wieder online.`,
    recoveredAfter: ({ subject, recovery, duration, worst }) =>
      // In parentheses: German short units end with a full stop ("5 Min."), a sentence ending there would get two.
      `${subject}: ${recovery} (nach ${duration}).${worst === null ? '' : ` Schlechtester Wert: ${worst}.`}`,
    measured: measuredWith('Spieler'),
    stillFiring: ({ duration, then }) => `Seit ${duration} weiterhin aktiv. ${then}`,
    test: ({ channel }) => `Dies ist ein Test des Kanals „${channel}“. Wenn eine Regel auslöst, sehen Alarme so aus.`,
    tickRateValue: ({ tick, limit }, f) => `${f.number(tick)}/s (Schwelle ${f.number(limit)}/s)`,
    countValue: ({ count, limit }, f) => `${f.number(count)} (Schwelle ${f.number(limit)})`,
  },
};
