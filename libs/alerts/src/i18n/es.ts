import type { Catalogue } from './catalogue';
import { intlFormats, measuredWith } from './formats';

/** Lower-cases the first letter of a headline used inside a sentence ("Tasa de ticks recuperada" -> "tasa ..."). */
const inSentence = (s: string): string => s.charAt(0).toLocaleLowerCase('es') + s.slice(1);

/** Spanish, with the game's Spanish terms (circuito, fusible, almacenamiento de energía, estación). */
export const es: Catalogue = {
  locale: 'es',
  formats: intlFormats('es'),
  render: {
    colon: ':',
    server: 'Servidor',
    instance: 'Afecta a',
    time: 'Hora',
    started: 'Inicio',
    incident: 'Incidente',
    rule: 'Regla',
    downtime: 'Tiempo caído',
    duration: 'Duración',
    details: 'Detalles',
    openDashboard: 'Abrir panel',
    acknowledge: 'Confirmar (me encargo)',
    alert: 'Alerta',
    testTag: '[PRUEBA]',
    testNote: 'Esta es una notificación de prueba: no hace falta hacer nada.',
    testNotification: 'Notificación de prueba',
    resolved: 'Resuelto',
    stillFiring: '(sigue activa)',
    notShown: 'no se muestran',
    labels: { critical: 'CRÍTICO', warning: 'AVISO', info: 'INFO', resolved: 'RESUELTO', test: 'PRUEBA' },
    downFor: (d) => `Caído durante ${d}`,
    lasted: (d) => `Duró ${d}`,
    stillFiringSince: (time) => `Sigue activa desde el ${time}`,
    stillFiringFor: (since, d) => `${since} (${d} en total)`,
    incidentRef: (id) => `Incidente ${id}`,
    footer: (head, rule) => `${head} · regla: ${rule}`,
    andMore: (n) => `…y ${n} más`,
    fieldsNotShown: (n) => (n === 1 ? 'campo no mostrado' : 'campos no mostrados'),
  },
  fields: {
    reason: 'Motivo',
    tickRate: 'Tasa de ticks',
    players: 'Jugadores',
    playersOnline: 'Jugadores conectados',
    whoIsOnline: 'Quién está conectado',
    circuit: 'Circuito',
    consumption: 'Consumo',
    capacity: 'Capacidad',
    production: 'Producción',
    battery: 'Almacenamiento de energía',
    batteryFlow: 'Carga/descarga',
    emptyIn: 'Se vacía en',
    train: 'Tren',
    lastStation: 'Última estación',
    channel: 'Canal',
    downtime: 'Tiempo caído',
    lasted: 'Duración',
    item: 'Objeto',
    produced: 'Producido',
    consumed: 'Consumido',
    load: 'Carga',
    peakConsumption: 'Consumo máximo',
    generator: 'Generador',
    fuel: 'Combustible',
    fuelLeft: 'Combustible restante',
    timeLeft: 'Tiempo restante',
    extractor: 'Extractor',
    resource: 'Recurso',
    station: 'Puerto de drones',
    droneStatus: 'Estado del dron',
    stock: 'Reserva',
    pointsPerMinute: 'Puntos por minuto',
    session: 'Partida',
    previousSession: 'Partida anterior',
  },
  rules: {
    server_offline: { title: 'Servidor caído', recovered: 'De nuevo en línea' },
    degraded: { title: 'Servidor degradado', recovered: 'Tasa de ticks recuperada' },
    tick_rate_below: { title: 'Tasa de ticks baja', recovered: 'Tasa de ticks recuperada' },
    player_joined: { title: 'Jugador conectado', recovered: '' },
    player_left: { title: 'Jugador desconectado', recovered: '' },
    player_count_above: { title: 'Muchos jugadores', recovered: 'Número de jugadores normal' },
    player_count_below: { title: 'Pocos jugadores', recovered: 'Número de jugadores normal' },
    fuse_tripped: { title: 'Fusible fundido', recovered: 'Fusible restablecido' },
    battery_below: { title: 'Almacenamiento de energía bajo', recovered: 'Almacenamiento de energía recuperado' },
    battery_draining: {
      title: 'Almacenamiento de energía descargándose',
      recovered: 'El almacenamiento de energía ya no se descarga',
    },
    power_over_capacity: { title: 'Consumo por encima de la capacidad', recovered: 'Consumo dentro de la capacidad' },
    train_derailed: { title: 'Tren descarrilado', recovered: 'Tren de nuevo en la vía' },
    addon_lost: { title: 'Complemento perdido', recovered: 'Complemento recuperado' },
    production_deficit: { title: 'Déficit de producción', recovered: 'Producción equilibrada' },
    capacity_underused: { title: 'Capacidad eléctrica infrautilizada', recovered: 'Capacidad eléctrica en uso' },
    battery_empty_soon: {
      title: 'Almacenamiento de energía casi vacío',
      recovered: 'El almacenamiento de energía ya no se agota',
    },
    capacity_headroom: { title: 'Poco margen de energía', recovered: 'Margen de energía recuperado' },
    generator_fuel_low: { title: 'Poco combustible en el generador', recovered: 'Generador con combustible' },
    extractor_stopped: { title: 'Extractor parado', recovered: 'El extractor vuelve a producir' },
    drone_station_stopped: { title: 'Puerto de drones parado', recovered: 'El dron vuelve a volar' },
    stock_empty_soon: { title: 'Reserva agotándose', recovered: 'La reserva ya no se agota' },
    sink_points_below: { title: 'Pocos puntos del Sink', recovered: 'Puntos del Sink recuperados' },
    session_changed: { title: 'Partida cambiada', recovered: '' },
  },
  phrases: {
    fired: ({ rule, subject }) => `${rule}: ${subject}`,
    recovered: ({ recovery, subject }) => `${recovery}: ${subject}`,
    subject: ({ instance, server }) => `${instance} en ${server}`,
    circuit: ({ id }) => `Circuito ${id}`,
    testTitle: 'Mensaje de prueba',
    acknowledgedTitle: ({ title }) => `Reconocida: ${title}`,
    acknowledged: ({ name }) =>
      `${name} ha reconocido esta incidencia y se está ocupando; no habrá más repeticiones hasta que se resuelva.`,
    testServer: 'Monitorización de Satisfactory',
    gamePortSilent: 'el puerto del juego no responde',
    noAnswer: 'sin respuesta',
    offline: ({ server, reason }) => `${server} está caído: ${reason}.`,
    tickRateLow: ({ server, tick, limit }, f) =>
      `${server} funciona a ${f.number(tick)} ticks por segundo, por debajo de ${f.number(limit)}/s: la fábrica va con retraso.`,
    playerCount: ({ server, count, limit, above }, f) =>
      `Hay ${f.number(count)} ${count === 1 ? 'jugador conectado' : 'jugadores conectados'} en ${server}, ${above ? 'más' : 'menos'} de ${f.number(limit)}.`,
    fuseTripped: ({ circuit, server, consumed, capacity }, f) =>
      `El fusible del circuito ${circuit} en ${server} se ha fundido: todo lo que está conectado se ha detenido. Consumo ${f.mw(consumed)}, capacidad ${f.mw(capacity)}.`,
    overCapacity: ({ circuit, server, consumed, capacity }, f) =>
      `El circuito ${circuit} en ${server} consume ${f.mw(consumed)}, más que su capacidad de ${f.mw(capacity)}: el fusible podría fundirse.`,
    batteryDraining: ({ circuit, server, flow, percent }, f) =>
      `El almacenamiento de energía del circuito ${circuit} en ${server} se sigue descargando (${f.mw(flow)}), ahora al ${f.percent(percent)}.`,
    batteryLow: ({ circuit, server, percent, below }, f) =>
      `El almacenamiento de energía del circuito ${circuit} en ${server} está al ${f.percent(percent)}, por debajo del ${f.percent(below)}.`,
    trainDerailed: ({ train, server, station }) =>
      `El tren ${train} en ${server} ha descarrilado${station ? ` después de la estación ${station}` : ''}.`,
    addonLost: ({ server, reason }) =>
      `Ficsit Remote Monitoring ha dejado de responder en ${server} (${reason}): la energía, los jugadores y la producción no se actualizan.`,
    productionDeficit: ({ item, server, produced, consumed }, f) =>
      `${server} consume ${f.number(consumed)}/min de ${item} pero solo produce ${f.number(produced)}/min: las existencias bajan.`,
    capacityUnderused: ({ circuit, server, consumed, capacity, below }, f) =>
      `El circuito ${circuit} en ${server} usa ${f.mw(consumed)} de su capacidad de ${f.mw(capacity)}, menos del ${f.percent(below)}.`,
    batteryEmptySoon: ({ circuit, server, seconds, percent }, f) =>
      `El almacenamiento de energía del circuito ${circuit} en ${server} se descarga y estará vacío en ${f.duration(seconds)} (ahora al ${f.percent(percent)}): entonces se fundirá el fusible.`,
    capacityHeadroom: ({ circuit, server, capacity, peak, factor, minutes }, f) =>
      `El circuito ${circuit} en ${server} tiene una capacidad de ${f.mw(capacity)}, menos de ${f.number(factor)} veces su consumo máximo de ${f.mw(peak)} en los últimos ${f.minutes(minutes)}.`,
    generatorFuel: ({ generator, server, fuel, why, seconds }, f) => {
      const what = `${generator} en ${server}`;
      if (why === 'cannotStart') return `${what} no puede arrancar: no produce energía.`;
      if (why === 'empty')
        return `${what} se ha quedado sin combustible${fuel ? ` (${fuel})` : ''}: no produce energía.`;
      return `${what} tiene combustible${fuel ? ` (${fuel})` : ''} para ${seconds === null ? '?' : f.duration(seconds)} a su potencia actual.`;
    },
    extractorStopped: ({ extractor, server, resource }) =>
      `${extractor} en ${server}${resource ? ` (${resource})` : ''} está configurado y no está en pausa, pero no produce nada: sin energía o con la salida llena.`,
    droneStationStopped: ({ station, server, why, seconds }, f) => {
      if (why === 'noDrone') return `El puerto de drones ${station} en ${server} no tiene dron: no sale nada de él.`;
      if (why === 'noFuel')
        return `El dron del puerto ${station} en ${server} se ha quedado sin combustible y no puede volar.`;
      return `El dron del puerto ${station} en ${server} tiene combustible para ${seconds === null ? '?' : f.duration(seconds)} al consumo estimado.`;
    },
    stockEmptySoon: ({ item, server, amount, deficit, seconds }, f) =>
      `${server} tiene ${f.number(amount)} de ${item} en reserva y consume ${f.number(deficit)}/min más de lo que produce: se agotará en ${f.duration(seconds)}.`,
    sinkPointsLow: ({ server, perMinute, below }, f) =>
      `El AWESOME Sink de ${server} gana ${f.number(perMinute)} puntos/min, menos de ${f.number(below)}.`,
    sessionChanged: ({ server, from, to }) =>
      `${server} cargó la partida ${to}${from ? ` (antes ejecutaba ${from})` : ''}: los gráficos empiezan series nuevas para ella.`,
    players: ({ joined, names, count, server, online }, f) => {
      const many = (names.length || count) !== 1;
      const who = names.length > 0 ? f.list(names) : count === 1 ? 'Un jugador' : `${f.number(count)} jugadores`;
      const did = joined
        ? `${many ? 'han entrado en' : 'ha entrado en'} ${server}`
        : `${many ? 'han salido de' : 'ha salido de'} ${server}`;
      const now = online === null ? '? conectados' : `${f.number(online)} ${online === 1 ? 'conectado' : 'conectados'}`;
      return `${who} ${did}. Ahora hay ${now}.`;
    },
    backOnline: ({ server, duration }) => `${server} vuelve a estar en línea tras ${duration} caído.`,
    recoveredAfter: ({ subject, recovery, duration, worst }) =>
      `${subject}: ${inSentence(recovery)} tras ${duration}.${worst === null ? '' : ` Peor valor: ${worst}.`}`,
    measured: measuredWith('jugadores'),
    stillFiring: ({ duration, then }) => `Sigue activa desde hace ${duration}. ${then}`,
    test: ({ channel }) =>
      `Esto es una prueba del canal «${channel}». Cuando una regla se active, las alertas tendrán este aspecto.`,
    tickRateValue: ({ tick, limit }, f) => `${f.number(tick)}/s (umbral ${f.number(limit)}/s)`,
    countValue: ({ count, limit }, f) => `${f.number(count)} (umbral ${f.number(limit)})`,
  },
};
