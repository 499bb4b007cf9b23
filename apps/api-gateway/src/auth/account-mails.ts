import type { Mail } from '../mail/account-mailer';

/** What an account mail is about. */
export type AccountMailKind = 'verify' | 'reset';

type Texts = Record<
  AccountMailKind,
  { subject: string; intro: string; action: string; expiry: string; ignore: string }
>;

/** The account mails in the dashboard's languages; `{code}`: where the code goes when the mail has no link. */
const TEXTS: Record<string, Texts> = {
  en: {
    verify: {
      subject: 'Verify your e-mail address for Satisfactory Monitoring',
      intro: 'Welcome to Satisfactory Monitoring! Please confirm that this address is yours.',
      action: 'Verify my e-mail address',
      expiry: 'The link works once and expires in 24 hours.',
      ignore: 'If you did not sign up, ignore this mail: the account stays unverified.',
    },
    reset: {
      subject: 'Reset your Satisfactory Monitoring password',
      intro: 'Someone (hopefully you) asked to reset the password of this account.',
      action: 'Choose a new password',
      expiry: 'The link works once and expires in 30 minutes. Every session of the account is signed out.',
      ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
  },
  de: {
    verify: {
      subject: 'Bestätige deine E-Mail-Adresse für Satisfactory Monitoring',
      intro: 'Willkommen bei Satisfactory Monitoring! Bitte bestätige, dass diese Adresse dir gehört.',
      action: 'E-Mail-Adresse bestätigen',
      expiry: 'Der Link funktioniert einmal und läuft in 24 Stunden ab.',
      ignore: 'Wenn du dich nicht registriert hast, ignoriere diese Mail: Das Konto bleibt unbestätigt.',
    },
    reset: {
      subject: 'Setze dein Passwort für Satisfactory Monitoring zurück',
      intro: 'Jemand (hoffentlich du) hat verlangt, das Passwort dieses Kontos zurückzusetzen.',
      action: 'Neues Passwort wählen',
      expiry: 'Der Link funktioniert einmal und läuft in 30 Minuten ab. Alle Sitzungen des Kontos werden abgemeldet.',
      ignore: 'Wenn du das nicht warst, ignoriere diese Mail: Dein Passwort bleibt unverändert.',
    },
  },
  es: {
    verify: {
      subject: 'Verifica tu dirección de correo para Satisfactory Monitoring',
      intro: '¡Bienvenido a Satisfactory Monitoring! Confirma que esta dirección es tuya.',
      action: 'Verificar mi dirección de correo',
      expiry: 'El enlace funciona una vez y caduca en 24 horas.',
      ignore: 'Si no te registraste, ignora este correo: la cuenta seguirá sin verificar.',
    },
    reset: {
      subject: 'Restablece tu contraseña de Satisfactory Monitoring',
      intro: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de esta cuenta.',
      action: 'Elegir una contraseña nueva',
      expiry: 'El enlace funciona una vez y caduca en 30 minutos. Se cierran todas las sesiones de la cuenta.',
      ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    },
  },
  fr: {
    verify: {
      subject: 'Vérifiez votre adresse e-mail pour Satisfactory Monitoring',
      intro: 'Bienvenue sur Satisfactory Monitoring ! Merci de confirmer que cette adresse est la vôtre.',
      action: 'Vérifier mon adresse e-mail',
      expiry: 'Le lien fonctionne une seule fois et expire dans 24 heures.',
      ignore: 'Si vous ne vous êtes pas inscrit, ignorez ce message : le compte reste non vérifié.',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe Satisfactory Monitoring',
      intro: 'Quelqu’un (vous, espérons-le) a demandé la réinitialisation du mot de passe de ce compte.',
      action: 'Choisir un nouveau mot de passe',
      expiry:
        'Le lien fonctionne une seule fois et expire dans 30 minutes. Toutes les sessions du compte sont fermées.',
      ignore: "Si vous n'en êtes pas à l'origine, ignorez ce message : votre mot de passe reste inchangé.",
    },
  },
  nl: {
    verify: {
      subject: 'Bevestig je e-mailadres voor Satisfactory Monitoring',
      intro: 'Welkom bij Satisfactory Monitoring! Bevestig dat dit adres van jou is.',
      action: 'Mijn e-mailadres bevestigen',
      expiry: 'De link werkt één keer en verloopt over 24 uur.',
      ignore: 'Heb je je niet aangemeld? Negeer deze mail: het account blijft onbevestigd.',
    },
    reset: {
      subject: 'Stel je wachtwoord voor Satisfactory Monitoring opnieuw in',
      intro: 'Iemand (hopelijk jij) heeft gevraagd het wachtwoord van dit account opnieuw in te stellen.',
      action: 'Een nieuw wachtwoord kiezen',
      expiry: 'De link werkt één keer en verloopt over 30 minuten. Alle sessies van het account worden afgemeld.',
      ignore: 'Heb je dit niet gevraagd? Negeer deze mail: je wachtwoord blijft zoals het is.',
    },
  },
};

const PAGE: Record<AccountMailKind, string> = { verify: '/verify-email', reset: '/reset-password' };

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The dashboard page a mail's link opens. */
export const accountMailPage = (kind: AccountMailKind): string => PAGE[kind];

/**
 * An account mail in the user's language (English when they chose none): the link (token in the URL's fragment),
 * or, without PUBLIC_URL, the code to enter on the dashboard's page.
 */
export function accountMail(
  kind: AccountMailKind,
  to: string,
  locale: string | null,
  token: string,
  link: string | null,
): Mail {
  const t = (TEXTS[locale ?? 'en'] ?? TEXTS.en!)[kind];
  const page = PAGE[kind];
  const text = [t.intro, '', `${t.action}:`, link ?? `${page} — ${token}`, '', t.expiry, t.ignore].join('\n');
  const action = link
    ? `<a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a>`
    : `${escapeHtml(t.action)}: ${escapeHtml(page)} — <code>${escapeHtml(token)}</code>`;
  const html = `<p>${escapeHtml(t.intro)}</p>\n<p>${action}</p>\n<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>`;
  const event = kind === 'verify' ? 'email-verification' : 'password-reset';
  return { to: [to], subject: t.subject, text, html, headers: { 'X-GSM-Event': event } };
}
