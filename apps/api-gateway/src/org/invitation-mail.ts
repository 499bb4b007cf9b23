import type { Locale } from '@app/contracts';
import type { Role } from '../auth/principal';
import type { Mail } from '../mail/account-mailer';

/** What an invitation mail says; names from the organisation appear only in quotes (anti-abuse, as alerting's). */
export interface InvitationMailInput {
  to: string;
  organisationName: string;
  inviterName: string;
  role: Role;
  /** The accept page's link with the token in its fragment; null without PUBLIC_URL (the mail carries a code). */
  link: string | null;
  token: string;
  expiresAt: Date;
  /** The invitee's language when they have an account that chose one; English otherwise. */
  locale: Locale | null;
}

interface Texts {
  subject: (org: string) => string;
  invited: (inviter: string, to: string, org: string, role: string) => string;
  consent: string;
  code: (token: string) => string;
  button: string;
  account: string;
  noAccount: string;
  expires: (date: string) => string;
  roles: Record<Role, string>;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (org) => `Invitation to join "${org}" on Satisfactory Monitoring`,
    invited: (inviter, to, org, role) =>
      `"${inviter}" invited ${to} to join the organisation "${org}" on Satisfactory Monitoring as ${role}.`,
    consent: 'Nothing changes for you unless you accept. To accept, open:',
    code: (token) => `the dashboard's /invitations/accept page and enter the code ${token}`,
    button: 'Accept the invitation',
    account: 'If you have an account with this address, sign in with it, then accept.',
    noAccount: 'If you have none, sign up with this address and verify it first; the link then brings you back here.',
    expires: (date) =>
      `The invitation expires on ${date}. If you did not expect this mail, ignore it: you will get nothing else.`,
    roles: { admin: 'Admin', operator: 'Operator', viewer: 'Viewer' },
  },
  de: {
    subject: (org) => `Einladung zu „${org}“ bei Satisfactory Monitoring`,
    invited: (inviter, to, org, role) =>
      `„${inviter}“ hat ${to} eingeladen, der Organisation „${org}“ bei Satisfactory Monitoring als ${role} beizutreten.`,
    consent: 'Für Sie ändert sich nichts, solange Sie nicht annehmen. Zum Annehmen öffnen Sie:',
    code: (token) => `die Seite /invitations/accept des Dashboards und geben Sie den Code ${token} ein`,
    button: 'Einladung annehmen',
    account: 'Wenn Sie ein Konto mit dieser Adresse haben, melden Sie sich damit an und nehmen Sie dann an.',
    noAccount:
      'Wenn nicht, registrieren Sie sich mit dieser Adresse und bestätigen Sie sie zuerst; der Link bringt Sie dann hierher zurück.',
    expires: (date) =>
      `Die Einladung läuft am ${date} ab. Wenn Sie diese Mail nicht erwartet haben, ignorieren Sie sie: Sie erhalten nichts weiter.`,
    roles: { admin: 'Admin', operator: 'Operator', viewer: 'Betrachter' },
  },
  es: {
    subject: (org) => `Invitación para unirse a «${org}» en Satisfactory Monitoring`,
    invited: (inviter, to, org, role) =>
      `«${inviter}» invitó a ${to} a unirse a la organización «${org}» en Satisfactory Monitoring como ${role}.`,
    consent: 'Nada cambia para usted si no acepta. Para aceptar, abra:',
    code: (token) => `la página /invitations/accept del panel e introduzca el código ${token}`,
    button: 'Aceptar la invitación',
    account: 'Si tiene una cuenta con esta dirección, inicie sesión con ella y luego acepte.',
    noAccount:
      'Si no la tiene, regístrese con esta dirección y verifíquela primero; el enlace le traerá de vuelta aquí.',
    expires: (date) => `La invitación caduca el ${date}. Si no esperaba este correo, ignórelo: no recibirá nada más.`,
    roles: { admin: 'Administrador', operator: 'Operador', viewer: 'Lector' },
  },
  fr: {
    subject: (org) => `Invitation à rejoindre « ${org} » sur Satisfactory Monitoring`,
    invited: (inviter, to, org, role) =>
      `« ${inviter} » a invité ${to} à rejoindre l'organisation « ${org} » sur Satisfactory Monitoring en tant que ${role}.`,
    consent: "Rien ne change pour vous tant que vous n'acceptez pas. Pour accepter, ouvrez :",
    code: (token) => `la page /invitations/accept du tableau de bord et saisissez le code ${token}`,
    button: "Accepter l'invitation",
    account: 'Si vous avez un compte avec cette adresse, connectez-vous avec, puis acceptez.',
    noAccount: "Sinon, inscrivez-vous avec cette adresse et vérifiez-la d'abord ; le lien vous ramène ensuite ici.",
    expires: (date) =>
      `L'invitation expire le ${date}. Si vous n'attendiez pas ce message, ignorez-le : vous ne recevrez rien d'autre.`,
    roles: { admin: 'Administrateur', operator: 'Opérateur', viewer: 'Lecteur' },
  },
  nl: {
    subject: (org) => `Uitnodiging voor "${org}" op Satisfactory Monitoring`,
    invited: (inviter, to, org, role) =>
      `"${inviter}" heeft ${to} uitgenodigd om lid te worden van de organisatie "${org}" op Satisfactory Monitoring als ${role}.`,
    consent: 'Er verandert niets voor u zolang u niet accepteert. Open om te accepteren:',
    code: (token) => `de pagina /invitations/accept van het dashboard en voer de code ${token} in`,
    button: 'De uitnodiging accepteren',
    account: 'Hebt u een account met dit adres, meld u er dan mee aan en accepteer.',
    noAccount: 'Zo niet, registreer u met dit adres en bevestig het eerst; de link brengt u daarna hier terug.',
    expires: (date) =>
      `De uitnodiging verloopt op ${date}. Verwachtte u deze e-mail niet, negeer hem dan: u krijgt verder niets.`,
    roles: { admin: 'Beheerder', operator: 'Operator', viewer: 'Kijker' },
  },
};

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Names from the organisation are cut short and lose line breaks: a mail cannot be turned into an advert. */
const quoted = (s: string): string => s.replace(/[\r\n\t]+/g, ' ').slice(0, 100);

/**
 * The mail that asks an address to join an organisation. It says nothing about whether the address has an account
 * (the same mail either way, in the account's language when it has one), and the link carries the token in its
 * fragment so it reaches no server log or Referer.
 */
export function invitationMail(input: InvitationMailInput): Mail {
  const locale = input.locale ?? 'en';
  const t = TEXTS[locale];
  const org = quoted(input.organisationName);
  const inviter = quoted(input.inviterName);
  const role = t.roles[input.role];
  const date = `${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const text = [
    t.invited(inviter, input.to, org, role),
    '',
    t.consent,
    input.link ?? t.code(input.token),
    '',
    t.account,
    t.noAccount,
    '',
    t.expires(date),
  ].join('\n');
  const action = input.link
    ? `<a href="${escapeHtml(input.link)}">${escapeHtml(t.button)}</a>`
    : escapeHtml(t.code(input.token));
  const html = `<p>${escapeHtml(t.invited(inviter, input.to, org, role))}</p>
<p>${escapeHtml(t.consent)}</p>
<p>${action}</p>
<p>${escapeHtml(t.account)}<br>${escapeHtml(t.noAccount)}</p>
<p>${escapeHtml(t.expires(date))}</p>`;
  return {
    to: [input.to],
    subject: t.subject(org),
    text,
    html,
    headers: { 'X-GSM-Event': 'invitation', 'Content-Language': locale },
  };
}
