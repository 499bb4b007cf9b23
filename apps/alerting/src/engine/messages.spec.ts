import { CATALOGUES, renderWebhook, sayMessage, type AlertMessage } from '@app/alerts';
import type { PowerCircuit } from '@app/contracts';
import { observe, vanished } from './conditions';
import { composeMessage, composePresence } from './messages';
import type { AlertStateRow, RuleDef, ServerInfo } from './model';

const SERVER: ServerInfo = {
  id: '11111111-1111-4111-8111-111111111111',
  orgId: '22222222-2222-4222-8222-222222222222',
  name: 'Factory',
  status: 'online',
  statusReason: null,
  addonStatus: 'available',
  addonSeen: true,
};
const SINCE = new Date('2026-11-22T10:00:00Z');
const AT = new Date(SINCE.getTime() + 300_000);

const rule = (kind: string, name: string): RuleDef => ({
  id: '33333333-3333-4333-8333-333333333333',
  orgId: SERVER.orgId,
  serverId: SERVER.id,
  kind,
  name,
  severity: 'critical',
  params: {},
  pendingSeconds: 0,
  pendingPolls: 1,
  repeatSeconds: 0,
  notifyOnRecovery: true,
  allChannels: true,
  channelIds: [],
});

const circuit: PowerCircuit = {
  circuitGroupId: 2,
  powerProduction: 1000,
  powerConsumed: 1500.25,
  powerCapacity: 1200,
  powerMaxConsumed: 1600,
  batteryPercent: 50,
  batteryCapacity: 100,
  batteryDifferential: 0,
  batteryInput: 0,
  batteryOutput: 0,
  batteryTimeEmptySeconds: null,
  batteryTimeFullSeconds: null,
  fuseTriggered: true,
};

const row = (instance: string): AlertStateRow => ({
  ruleId: '33333333-3333-4333-8333-333333333333',
  serverId: SERVER.id,
  instance,
  state: 'firing',
  since: SINCE,
  observations: 3,
  lastObservedAt: AT,
  incidentId: '44444444-4444-4444-8444-444444444444',
  notifiedAt: SINCE,
  repeats: 0,
  peak: { value: 1500.25, at: SINCE.toISOString(), label: 'Circuit 2' },
});

const asSent = (m: ReturnType<typeof composeMessage>): AlertMessage => ({ ...m, url: null });

describe('alert messages: English texts and the words every channel says in its own language', () => {
  const fuse = rule('fuse_tripped', 'Fuse tripped');
  const [obs] = observe(fuse, SERVER, {
    kind: 'power',
    serverId: SERVER.id,
    orgId: SERVER.orgId,
    time: AT.toISOString(),
    durationMs: 3,
    error: null,
    data: [circuit],
  });

  it('stores English texts that are exactly what its words say in English', () => {
    for (const transition of ['fired', 'repeat', 'resolved'] as const) {
      const message = composeMessage(fuse, SERVER, transition, obs!, row('2'), AT);
      const english = sayMessage(message.words!, CATALOGUES.en);
      expect(english).toEqual({
        title: message.title,
        summary: message.summary,
        fields: message.fields,
        instance: message.instance,
        ruleName: message.ruleName,
      });
    }
    const fired = composeMessage(fuse, SERVER, 'fired', obs!, row('2'), AT);
    expect(fired.title).toBe('Fuse tripped: Circuit 2 on Factory');
    expect(fired.fields).toContainEqual({ name: 'Consumption', value: '1500.3 MW', inline: true });
  });

  it('says a fired, repeated and resolved fuse in German', () => {
    const de = (transition: 'fired' | 'repeat' | 'resolved') =>
      renderWebhook(asSent(composeMessage(fuse, SERVER, transition, obs!, row('2'), AT)), 'de');
    expect(de('fired')).toMatchObject({
      title: 'Sicherung durchgebrannt: Stromkreis 2 auf Factory',
      instance: 'Stromkreis 2',
      summary: expect.stringContaining('Verbrauch 1.500,3 MW, Kapazität 1.200 MW.'),
    });
    expect(de('repeat').summary).toMatch(/^Seit 5 Min\. weiterhin aktiv\. Die Sicherung von Stromkreis 2/);
    expect(de('resolved')).toMatchObject({
      title: 'Sicherung zurückgesetzt: Stromkreis 2 auf Factory',
      summary: 'Stromkreis 2 auf Factory: Sicherung zurückgesetzt (nach 5 Min.). Schlechtester Wert: 1.500,3 MW.',
      // The duration once, as a number every renderer shows in its own way: no field repeats it.
      duration_seconds: 300,
      fields: [],
    });
    // A circuit that went away is still named as a circuit, in the channel's language.
    const gone = composeMessage(fuse, SERVER, 'resolved', vanished(fuse, row('7')), row('7'), AT);
    expect(renderWebhook(asSent(gone), 'fr').title).toBe('Fusible réarmé\u00a0: Circuit 7 sur Factory');
  });

  it('says who joined in each language, by name or by count', () => {
    const joined = rule('player_joined', 'Player joined');
    const named = composePresence(
      joined,
      SERVER,
      { joined: true, named: ['Ada', 'Grace'], count: 2, online: ['Ada', 'Grace', 'Linus'], countNow: 3 },
      AT,
    );
    expect(named.summary).toBe('Ada, Grace joined Factory. 3 online now.');
    expect(renderWebhook(asSent(named), 'de')).toMatchObject({
      title: 'Spieler beigetreten: Factory',
      summary: 'Ada und Grace sind Factory beigetreten. Jetzt 3 online.',
      fields: [
        { name: 'Spieler online', value: '3' },
        { name: 'Wer ist online', value: 'Ada, Grace, Linus' },
      ],
    });
    const counted = composePresence(
      rule('player_left', 'Player left'),
      SERVER,
      { joined: false, named: [], count: 1, online: null, countNow: 0 },
      AT,
    );
    expect(counted.summary).toBe('A player left Factory. 0 online now.');
    expect(renderWebhook(asSent(counted), 'es').summary).toBe(
      'Un jugador ha salido de Factory. Ahora hay 0 conectados.',
    );
    expect(renderWebhook(asSent(counted), 'nl').summary).toBe('Een speler heeft Factory verlaten. Nu 0 online.');
  });
});
