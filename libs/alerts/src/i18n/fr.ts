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
  },
  phrases: {
    fired: ({ rule, subject }) => `${rule}${NBSP}: ${subject}`,
    recovered: ({ recovery, subject }) => `${recovery}${NBSP}: ${subject}`,
    subject: ({ instance, server }) => `${instance} sur ${server}`,
    circuit: ({ id }) => `Circuit ${id}`,
    testTitle: 'Message de test',
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
