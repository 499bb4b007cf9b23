import type { Catalogue } from './catalogue';
import { intlFormats, measuredWith } from './formats';

/** French puts a no-break space before ":" and inside « ». */
const NBSP = '\u00a0';

/** Lower-cases the first letter of a headline used inside a sentence ("Fusible réarmé" -> "fusible réarmé"). */
const inSentence = (s: string): string => s.charAt(0).toLocaleLowerCase('fr') + s.slice(1);

/** French, with the game's French terms (circuit électrique, fusible, stockage d'énergie, gare). */
export const fr: Catalogue = {
  locale: 'fr',
  formats: intlFormats('fr'),
  render: {
    colon: `${NBSP}:`,
    server: 'Serveur',
    instance: 'Concerne',
    time: 'Heure',
    started: 'Début',
    incident: 'Incident',
    rule: 'Règle',
    downtime: 'Indisponibilité',
    duration: 'Durée',
    details: 'Détails',
    openDashboard: 'Ouvrir le tableau de bord',
    acknowledge: 'Prendre en charge',
    alert: 'Alerte',
    testTag: '[TEST]',
    testNote: `Ceci est une notification de test${NBSP}: aucune action n’est nécessaire.`,
    testNotification: 'Notification de test',
    resolved: 'Résolu',
    stillFiring: '(toujours active)',
    notShown: 'non affichés',
    labels: { critical: 'CRITIQUE', warning: 'AVERTISSEMENT', info: 'INFO', resolved: 'RÉSOLU', test: 'TEST' },
    downFor: (d) => `Hors ligne pendant ${d}`,
    lasted: (d) => `A duré ${d}`,
    stillFiringSince: (time) => `Toujours active depuis le ${time}`,
    stillFiringFor: (since, d) => `${since} (soit ${d})`,
    incidentRef: (id) => `Incident ${id}`,
    footer: (head, rule) => `${head} · règle${NBSP}: ${rule}`,
    andMore: (n) => `…et ${n} de plus`,
    fieldsNotShown: (n) => (n === 1 ? 'champ non affiché' : 'champs non affichés'),
  },
  fields: {
    reason: 'Raison',
    tickRate: 'Taux de tick',
    players: 'Joueurs',
    playersOnline: 'Joueurs en ligne',
    whoIsOnline: 'Qui est en ligne',
    circuit: 'Circuit',
    consumption: 'Consommation',
    capacity: 'Capacité',
    production: 'Production',
    battery: 'Stockage d’énergie',
    batteryFlow: 'Charge/décharge',
    emptyIn: 'Vide dans',
    train: 'Train',
    lastStation: 'Dernière gare',
    channel: 'Canal',
    downtime: 'Indisponibilité',
    lasted: 'Durée',
    item: 'Objet',
    produced: 'Produit',
    consumed: 'Consommé',
    load: 'Charge',
    peakConsumption: 'Pic de consommation',
    generator: 'Générateur',
    fuel: 'Carburant',
    fuelLeft: 'Carburant restant',
    timeLeft: 'Temps restant',
    extractor: 'Extracteur',
    resource: 'Ressource',
    station: 'Port de drones',
    droneStatus: 'État du drone',
    stock: 'Réserve',
    pointsPerMinute: 'Points par minute',
    session: 'Partie',
    previousSession: 'Partie précédente',
  },
  rules: {
    server_offline: { title: 'Serveur hors ligne', recovered: 'De nouveau en ligne' },
    degraded: { title: 'Serveur dégradé', recovered: 'Taux de tick rétabli' },
    tick_rate_below: { title: 'Taux de tick bas', recovered: 'Taux de tick rétabli' },
    player_joined: { title: 'Arrivée d’un joueur', recovered: '' },
    player_left: { title: 'Départ d’un joueur', recovered: '' },
    player_count_above: { title: 'Beaucoup de joueurs', recovered: 'Nombre de joueurs revenu à la normale' },
    player_count_below: { title: 'Peu de joueurs', recovered: 'Nombre de joueurs revenu à la normale' },
    fuse_tripped: { title: 'Fusible grillé', recovered: 'Fusible réarmé' },
    battery_below: { title: 'Stockage d’énergie bas', recovered: 'Stockage d’énergie rechargé' },
    battery_draining: { title: 'Stockage d’énergie en décharge', recovered: 'Stockage d’énergie plus en décharge' },
    power_over_capacity: {
      title: 'Consommation au-delà de la capacité',
      recovered: 'Consommation revenue sous la capacité',
    },
    train_derailed: { title: 'Train déraillé', recovered: 'Train de nouveau sur les rails' },
    addon_lost: { title: 'Add-on perdu', recovered: 'Add-on de retour' },
    production_deficit: { title: 'Déficit de production', recovered: 'Production équilibrée' },
    capacity_underused: { title: 'Capacité électrique sous-utilisée', recovered: 'Capacité électrique utilisée' },
    battery_empty_soon: {
      title: 'Stockage d’énergie bientôt vide',
      recovered: 'Stockage d’énergie plus en voie d’épuisement',
    },
    capacity_headroom: { title: 'Marge de puissance faible', recovered: 'Marge de puissance rétablie' },
    generator_fuel_low: { title: 'Carburant du générateur bas', recovered: 'Générateur ravitaillé' },
    extractor_stopped: { title: 'Extracteur à l’arrêt', recovered: 'Extracteur de nouveau en production' },
    drone_station_stopped: { title: 'Port de drones à l’arrêt', recovered: 'Le drone vole de nouveau' },
    stock_empty_soon: { title: 'Réserve bientôt épuisée', recovered: 'La réserve ne s’épuise plus' },
    sink_points_below: { title: 'Peu de points du Sink', recovered: 'Points du Sink rétablis' },
    session_changed: { title: 'Partie changée', recovered: '' },
  },
  phrases: {
    fired: ({ rule, subject }) => `${rule}${NBSP}: ${subject}`,
    recovered: ({ recovery, subject }) => `${recovery}${NBSP}: ${subject}`,
    subject: ({ instance, server }) => `${instance} sur ${server}`,
    circuit: ({ id }) => `Circuit ${id}`,
    testTitle: 'Message de test',
    acknowledgedTitle: ({ title }) => `Prise en charge : ${title}`,
    acknowledged: ({ name }) => `${name} a pris en charge cet incident ; les rappels s’arrêtent jusqu’à sa résolution.`,
    testServer: 'Surveillance Satisfactory',
    gamePortSilent: 'le port de jeu ne répond pas',
    noAnswer: 'pas de réponse',
    offline: ({ server, reason }) => `${server} est hors ligne${NBSP}: ${reason}.`,
    tickRateLow: ({ server, tick, limit }, f) =>
      `${server} tourne à ${f.number(tick)} ticks par seconde, sous ${f.number(limit)}/s${NBSP}: l’usine prend du retard.`,
    playerCount: ({ server, count, limit, above }, f) =>
      `${f.number(count)} ${count > 1 ? 'joueurs sont' : 'joueur est'} en ligne sur ${server}, ${above ? 'au-dessus' : 'en dessous'} du seuil de ${f.number(limit)}.`,
    fuseTripped: ({ circuit, server, consumed, capacity }, f) =>
      `Le fusible du circuit ${circuit} sur ${server} a grillé${NBSP}: tout ce qui y est branché s’est arrêté. Consommation ${f.mw(consumed)}, capacité ${f.mw(capacity)}.`,
    overCapacity: ({ circuit, server, consumed, capacity }, f) =>
      `Le circuit ${circuit} sur ${server} consomme ${f.mw(consumed)}, plus que sa capacité de ${f.mw(capacity)}${NBSP}: le fusible risque de griller.`,
    batteryDraining: ({ circuit, server, flow, percent }, f) =>
      `Le stockage d’énergie du circuit ${circuit} sur ${server} continue de se décharger (${f.mw(flow)}), il est maintenant à ${f.percent(percent)}.`,
    batteryLow: ({ circuit, server, percent, below }, f) =>
      `Le stockage d’énergie du circuit ${circuit} sur ${server} est à ${f.percent(percent)}, sous les ${f.percent(below)}.`,
    trainDerailed: ({ train, server, station }) =>
      `Le train ${train} sur ${server} a déraillé${station ? ` après la gare ${station}` : ''}.`,
    addonLost: ({ server, reason }) =>
      `Ficsit Remote Monitoring ne répond plus sur ${server} (${reason})${NBSP}: l’énergie, les joueurs et la production ne sont plus mis à jour.`,
    productionDeficit: ({ item, server, produced, consumed }, f) =>
      `${server} consomme ${f.number(consumed)}/min de ${item} mais n’en produit que ${f.number(produced)}/min${NBSP}: le stock diminue.`,
    capacityUnderused: ({ circuit, server, consumed, capacity, below }, f) =>
      `Le circuit ${circuit} sur ${server} utilise ${f.mw(consumed)} de sa capacité de ${f.mw(capacity)}, moins de ${f.percent(below)}.`,
    batteryEmptySoon: ({ circuit, server, seconds, percent }, f) =>
      `Le stockage d’énergie du circuit ${circuit} sur ${server} se décharge et sera vide dans ${f.duration(seconds)} (maintenant à ${f.percent(percent)})${NBSP}: le fusible grillera alors.`,
    capacityHeadroom: ({ circuit, server, capacity, peak, factor, minutes }, f) =>
      `Le circuit ${circuit} sur ${server} a une capacité de ${f.mw(capacity)}, moins de ${f.number(factor)} fois son pic de consommation de ${f.mw(peak)} sur les dernières ${f.minutes(minutes)}.`,
    generatorFuel: ({ generator, server, fuel, why, seconds }, f) => {
      const what = `${generator} sur ${server}`;
      if (why === 'cannotStart') return `${what} ne peut pas démarrer${NBSP}: il ne produit pas d’énergie.`;
      if (why === 'empty')
        return `${what} n’a plus de carburant${fuel ? ` (${fuel})` : ''}${NBSP}: il ne produit pas d’énergie.`;
      return `${what} a du carburant${fuel ? ` (${fuel})` : ''} pour ${seconds === null ? '?' : f.duration(seconds)} à sa puissance actuelle.`;
    },
    extractorStopped: ({ extractor, server, resource }) =>
      `${extractor} sur ${server}${resource ? ` (${resource})` : ''} est configuré et pas en pause, mais ne produit rien${NBSP}: pas de courant, ou sa sortie est pleine.`,
    droneStationStopped: ({ station, server, why, seconds }, f) => {
      if (why === 'noDrone')
        return `Le port de drones ${station} sur ${server} n’a pas de drone${NBSP}: rien n’en part.`;
      if (why === 'noFuel')
        return `Le drone du port ${station} sur ${server} n’a plus de carburant et ne peut pas voler.`;
      return `Le drone du port ${station} sur ${server} a du carburant pour ${seconds === null ? '?' : f.duration(seconds)} à la consommation estimée.`;
    },
    stockEmptySoon: ({ item, server, amount, deficit, seconds }, f) =>
      `${server} a ${f.number(amount)} ${item} en réserve et en consomme ${f.number(deficit)}/min de plus qu’il n’en produit${NBSP}: vide dans ${f.duration(seconds)}.`,
    sinkPointsLow: ({ server, perMinute, below }, f) =>
      `L’AWESOME Sink de ${server} rapporte ${f.number(perMinute)} points/min, moins de ${f.number(below)}.`,
    sessionChanged: ({ server, from, to }) =>
      `${server} a chargé la partie ${to}${from ? ` (avant${NBSP}: ${from})` : ''}${NBSP}: les graphiques commencent de nouvelles séries pour elle.`,
    players: ({ joined, names, count, server, online }, f) => {
      const many = (names.length || count) > 1;
      const who = names.length > 0 ? f.list(names) : count === 1 ? 'Un joueur' : `${f.number(count)} joueurs`;
      const did = joined
        ? `${many ? 'ont rejoint' : 'a rejoint'} ${server}`
        : `${many ? 'ont quitté' : 'a quitté'} ${server}`;
      return `${who} ${did}. ${online === null ? '?' : f.number(online)} en ligne maintenant.`;
    },
    backOnline: ({ server, duration }) => `${server} est de nouveau en ligne après ${duration} d’indisponibilité.`,
    recoveredAfter: ({ subject, recovery, duration, worst }) =>
      `${subject}${NBSP}: ${inSentence(recovery)} après ${duration}.${worst === null ? '' : ` Pire valeur${NBSP}: ${worst}.`}`,
    measured: measuredWith('joueurs'),
    stillFiring: ({ duration, then }) => `Toujours active depuis ${duration}. ${then}`,
    test: ({ channel }) =>
      `Ceci est un test du canal «${NBSP}${channel}${NBSP}». Quand une règle se déclenchera, les alertes ressembleront à ceci.`,
    tickRateValue: ({ tick, limit }, f) => `${f.number(tick)}/s (seuil ${f.number(limit)}/s)`,
    countValue: ({ count, limit }, f) => `${f.number(count)} (seuil ${f.number(limit)})`,
  },
};
