import { CATALOGUES } from '../i18n/catalogues';
import { sayMessage } from '../i18n/say';
import type { MessageWords } from '../i18n/words';
import type { AlertMessage, Transition } from '../message';
import { discordProblems, renderDiscord } from './discord';
import { renderEmail } from './email';
import { renderSlack } from './slack';
import { renderTeams } from './teams';
import { renderTelegram } from './telegram';
import { renderWebhook } from './webhook';

const AT = new Date('2025-03-04T05:06:07.000Z');
const STARTED = new Date(AT.getTime() - 252_000);
const NBSP = /[\u00a0\u202f]/g;
/** French and Intl put no-break spaces where English has spaces: compared as plain spaces. */
const plain = (s: string): string => s.replace(NBSP, ' ');

const FUSE: MessageWords = {
  title: {
    key: 'fired',
    rule: { kind: 'fuse_tripped', name: 'Fuse tripped' },
    subject: { server: 'Base', instance: { key: 'circuit', id: '3' } },
  },
  summary: { key: 'fuseTripped', circuit: '3', server: 'Base', consumed: 1234.56, capacity: 1000 },
  fields: [
    { name: 'circuit', value: { key: 'text', text: '3' }, inline: true },
    { name: 'consumption', value: { key: 'power', mw: 1234.56, signed: false }, inline: true },
    { name: 'capacity', value: { key: 'power', mw: 1000, signed: false }, inline: true },
  ],
  instance: { key: 'circuit', id: '3' },
  rule: { kind: 'fuse_tripped', name: 'Fuse tripped' },
};

const BACK_ONLINE: MessageWords = {
  title: { key: 'recovered', kind: 'server_offline', subject: { server: 'Base', instance: null } },
  summary: { key: 'backOnline', server: 'Base', seconds: 252 },
  fields: [],
  instance: null,
  rule: { kind: 'server_offline', name: 'Server offline' },
};

/** A message as alerting stores it: its English texts and its words. */
function message(words: MessageWords, transition: Transition = 'fired'): AlertMessage {
  const english = sayMessage(words, CATALOGUES.en);
  return {
    transition,
    severity: 'critical',
    ruleKind: words.rule?.kind ?? 'test',
    ruleName: words.rule?.name ?? english.ruleName,
    incidentId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    server: { id: 'srv-1', name: 'Base' },
    instance: english.instance,
    title: english.title,
    summary: english.summary,
    startedAt: STARTED,
    at: AT,
    durationSeconds: transition === 'resolved' ? 252 : null,
    fields: english.fields,
    url: 'https://gsm.example.com/servers/srv-1',
    words,
  };
}

/** The same message as stored before channels had languages: texts only. */
function withoutWords(msg: AlertMessage): AlertMessage {
  const { words: _words, ...rest } = msg;
  return rest;
}

describe('rendering in the channel’s language', () => {
  it('keeps English exactly as it was: the words say what the stored texts say', () => {
    const fuse = message(FUSE);
    expect(fuse.title).toBe('Fuse tripped: Circuit 3 on Base');
    expect(fuse.summary).toBe(
      'The fuse of circuit 3 on Base tripped: everything on it stopped. Consumption 1234.6 MW, capacity 1000 MW.',
    );
    for (const msg of [fuse, message(BACK_ONLINE, 'resolved')]) {
      expect(renderDiscord(msg)).toEqual(renderDiscord(withoutWords(msg)));
      expect(renderDiscord(msg, 'en')).toEqual(renderDiscord(withoutWords(msg)));
      expect(renderEmail(msg, 'en')).toEqual(renderEmail(withoutWords(msg)));
      expect(renderWebhook(msg, 'en')).toEqual(renderWebhook(withoutWords(msg)));
      expect(renderSlack(msg, 'en')).toEqual(renderSlack(withoutWords(msg)));
      expect(renderTeams(msg, 'en')).toEqual(renderTeams(withoutWords(msg)));
      expect(renderTelegram(msg, '-1', 'en')).toEqual(renderTelegram(withoutWords(msg), '-1'));
    }
  });

  it('renders a German Discord message in German, numbers and all, within Discord’s limits', () => {
    const payload = renderDiscord(message(FUSE), 'de');
    const embed = payload.embeds[0]!;
    expect(embed.title).toBe('Sicherung durchgebrannt: Stromkreis 3 auf Base');
    expect(embed.description).toContain(
      'Die Sicherung von Stromkreis 3 auf Base ist durchgebrannt: Alles daran steht still. Verbrauch 1.234,6 MW, Kapazität 1.000 MW.',
    );
    expect(embed.fields).toEqual([
      { name: 'Server', value: 'Base', inline: true },
      { name: 'Stromkreis', value: '3', inline: true },
      { name: 'Verbrauch', value: '1.234,6 MW', inline: true },
      { name: 'Kapazität', value: '1.000 MW', inline: true },
    ]);
    expect(embed.footer).toEqual({ text: 'Vorfall 1a2b3c4d · Regel: Sicherung durchgebrannt' });
    expect(embed.timestamp).toBe('2025-03-04T05:06:07.000Z');
    expect(discordProblems(payload)).toEqual([]);

    const recovery = renderDiscord(message(BACK_ONLINE, 'resolved'), 'de').embeds[0]!;
    expect(recovery.title).toBe('Wieder online: Base');
    expect(recovery.description).toContain('Base ist nach 4 Min., 12 Sek. Ausfall wieder online.');
    // The downtime once, in the summary's words: no field and no "Ausgefallen für …" line repeats it.
    expect(JSON.stringify(recovery).split('4 Min., 12 Sek.')).toHaveLength(2);
    expect(recovery.description?.split('4 Min., 12 Sek.')).toHaveLength(2);
    expect(recovery.fields).toEqual([{ name: 'Server', value: 'Base', inline: true }]);
  });

  it('renders a French e-mail in French: subject, plain text and HTML, with French punctuation', () => {
    const mail = renderEmail(message(FUSE), 'fr');
    expect(plain(mail.subject)).toBe('[CRITIQUE] Fusible grillé : Circuit 3 sur Base : Base');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const text = plain(mail.text);
    expect(text).toContain('CRITIQUE : Fusible grillé : Circuit 3 sur Base');
    expect(text).toContain('Serveur : Base');
    expect(text).toContain('Concerne : Circuit 3');
    expect(text).toContain('Heure : 4 mars 2025, 05:06:07 UTC');
    expect(text).toContain(
      'Le fusible du circuit 3 sur Base a grillé : tout ce qui y est branché s’est arrêté. Consommation 1 234,6 MW, capacité 1 000 MW.',
    );
    expect(text).toContain('Détails :');
    expect(text).toContain('- Consommation : 1 234,6 MW');
    expect(text).toContain('Ouvrir le tableau de bord : https://gsm.example.com/servers/srv-1');
    expect(text).toContain('Incident 1a2b3c4d · règle : Fusible grillé');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('>Ouvrir le tableau de bord</a>');
    expect(mail.html).toContain('>CRITIQUE</div>');
    expect(mail.html).not.toMatch(/Open dashboard|Server<|Time</);

    const test = renderEmail(
      message(
        {
          title: { key: 'test' },
          summary: { key: 'test', channel: 'Ops' },
          fields: [{ name: 'channel', value: { key: 'text', text: 'Ops' }, inline: true }],
          instance: null,
          rule: null,
        },
        'test',
      ),
      'fr',
    );
    expect(plain(test.subject)).toBe('[TEST] Message de test : Surveillance Satisfactory');
    expect(plain(test.html)).toContain('Ceci est une notification de test : aucune action n’est nécessaire.');
    expect(plain(test.text)).toContain('Ceci est un test du canal « Ops ».');
  });

  it('renders a German webhook body: human texts in German, keys, codes, ids and times unchanged', () => {
    const msg = message(FUSE);
    const english = renderWebhook(msg);
    const german = renderWebhook(msg, 'de');
    expect(Object.keys(german)).toEqual(Object.keys(english));
    expect(german).toEqual({
      ...english,
      rule: { kind: 'fuse_tripped', name: 'Sicherung durchgebrannt' },
      instance: 'Stromkreis 3',
      title: 'Sicherung durchgebrannt: Stromkreis 3 auf Base',
      summary:
        'Die Sicherung von Stromkreis 3 auf Base ist durchgebrannt: Alles daran steht still. Verbrauch 1.234,6 MW, Kapazität 1.000 MW.',
      fields: [
        { name: 'Stromkreis', value: '3' },
        { name: 'Verbrauch', value: '1.234,6 MW' },
        { name: 'Kapazität', value: '1.000 MW' },
      ],
    });
    expect([german.event, german.severity, german.started_at, german.at]).toEqual([
      'fired',
      'critical',
      '2025-03-04T05:01:55.000Z',
      '2025-03-04T05:06:07.000Z',
    ]);
  });

  it('renders Slack, Teams and Telegram in the channel’s language too', () => {
    const msg = message(FUSE, 'repeat');
    const slack = JSON.stringify(renderSlack(msg, 'es'));
    expect(slack).toContain('*Servidor:* Base');
    expect(slack).toContain('*Afecta a:* Circuito 3');
    expect(slack).toContain('_Sigue activa desde el <!date^1741064515^{date_short_pretty} {time}|');
    expect(slack).toContain('(4 min y 12 s en total)_');
    expect(slack).toContain('Abrir panel');
    const teams = JSON.stringify(renderTeams(msg, 'nl'));
    expect(teams).toContain('"title":"Betreft","value":"Stroomcircuit 3"');
    expect(teams).toContain('Nog steeds actief sinds 4 mrt 2025, 05:01:55 UTC');
    expect(teams).toContain('Dashboard openen');
    const telegram = renderTelegram(msg, '-1', 'de').text;
    expect(telegram).toContain('<b>Server:</b> Base');
    expect(telegram).toContain('<b>Betrifft:</b> Stromkreis 3');
    expect(telegram).toContain('>Dashboard öffnen</a>');
    expect(telegram).toContain('<i>Vorfall 1a2b3c4d · Regel: Sicherung durchgebrannt</i>');
  });

  it('says a rule name its user chose as written, in every language', () => {
    const named = message({
      ...FUSE,
      title: { ...FUSE.title, rule: { kind: 'fuse_tripped', name: 'Coal plant fuse' } } as MessageWords['title'],
      rule: { kind: 'fuse_tripped', name: 'Coal plant fuse' },
    });
    expect(renderDiscord(named, 'de').embeds[0]!.title).toBe('Coal plant fuse: Stromkreis 3 auf Base');
    expect(renderWebhook(named, 'fr').rule.name).toBe('Coal plant fuse');
  });

  it('sends a message stored without words, or with words it does not know, with its stored texts', () => {
    const old = withoutWords(message(FUSE));
    const german = renderDiscord(old, 'de').embeds[0]!;
    expect(german.title).toBe('Fuse tripped: Circuit 3 on Base');
    expect(german.footer).toEqual({ text: 'Vorfall 1a2b3c4d · Regel: Fuse tripped' });
    const newer = {
      ...message(FUSE),
      words: { ...FUSE, summary: { key: 'fromTheFuture' } },
    } as unknown as AlertMessage;
    expect(renderWebhook(newer, 'fr').summary).toBe(newer.summary);
    expect(renderWebhook(newer, 'fr').title).toBe('Fuse tripped: Circuit 3 on Base');
  });
});
