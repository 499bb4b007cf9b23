import type { AckLinkState } from '@app/contracts';
import type { StatusLanguage } from '../status-pages/status-page.i18n';

/** The words of an acknowledge link's page in one language. */
export interface AckPageWords {
  states: Record<AckLinkState, { heading: string; text: string }>;
  on: (title: string, server: string) => string;
  firedAt: string;
  acknowledgedBy: string;
  button: string;
}

const EN: AckPageWords = {
  states: {
    valid: {
      heading: 'Acknowledge this incident?',
      text: 'Acknowledging tells your team someone is on it and stops repeat notifications until the incident resolves.',
    },
    acknowledged: {
      heading: 'Incident acknowledged',
      text: 'Repeat notifications stop until it resolves. Add notes on the incident in the dashboard.',
    },
    used: {
      heading: 'This link was used already',
      text: 'Each acknowledge link works once. The incident stays acknowledged; see it in the dashboard.',
    },
    expired: {
      heading: 'This link has expired',
      text: 'Acknowledge links work for a limited time. Acknowledge the incident in the dashboard instead.',
    },
    resolved: {
      heading: 'This incident is resolved',
      text: 'There is nothing left to acknowledge. Should it happen again, the new notification brings a new link.',
    },
    unknown: {
      heading: 'This link is not valid',
      text: 'Check that the whole link was opened, or acknowledge the incident in the dashboard.',
    },
  },
  on: (title, server) => `${title} on ${server}`,
  firedAt: 'Fired at',
  acknowledgedBy: 'Acknowledged by',
  button: 'Acknowledge',
};

const DE: AckPageWords = {
  states: {
    valid: {
      heading: 'Diesen Vorfall bestätigen?',
      text: 'Mit der Bestätigung weiß Ihr Team, dass sich jemand kümmert, und Wiederholungen bleiben aus, bis der Vorfall behoben ist.',
    },
    acknowledged: {
      heading: 'Vorfall bestätigt',
      text: 'Wiederholungen bleiben aus, bis er behoben ist. Notizen zum Vorfall fügen Sie im Dashboard hinzu.',
    },
    used: {
      heading: 'Dieser Link wurde bereits verwendet',
      text: 'Jeder Bestätigungslink funktioniert einmal. Der Vorfall bleibt bestätigt; Sie sehen ihn im Dashboard.',
    },
    expired: {
      heading: 'Dieser Link ist abgelaufen',
      text: 'Bestätigungslinks gelten nur eine begrenzte Zeit. Bestätigen Sie den Vorfall stattdessen im Dashboard.',
    },
    resolved: {
      heading: 'Dieser Vorfall ist behoben',
      text: 'Es gibt nichts mehr zu bestätigen. Tritt er erneut auf, bringt die neue Benachrichtigung einen neuen Link.',
    },
    unknown: {
      heading: 'Dieser Link ist ungültig',
      text: 'Prüfen Sie, ob der ganze Link geöffnet wurde, oder bestätigen Sie den Vorfall im Dashboard.',
    },
  },
  on: (title, server) => `${title} auf ${server}`,
  firedAt: 'Ausgelöst am',
  acknowledgedBy: 'Bestätigt von',
  button: 'Bestätigen',
};

const ES: AckPageWords = {
  states: {
    valid: {
      heading: '¿Reconocer esta incidencia?',
      text: 'Al reconocerla, tu equipo sabe que alguien se ocupa y no habrá más repeticiones hasta que se resuelva.',
    },
    acknowledged: {
      heading: 'Incidencia reconocida',
      text: 'No habrá más repeticiones hasta que se resuelva. Añade notas a la incidencia en el panel.',
    },
    used: {
      heading: 'Este enlace ya se ha usado',
      text: 'Cada enlace de reconocimiento funciona una vez. La incidencia sigue reconocida; consúltala en el panel.',
    },
    expired: {
      heading: 'Este enlace ha caducado',
      text: 'Los enlaces de reconocimiento valen un tiempo limitado. Reconoce la incidencia en el panel.',
    },
    resolved: {
      heading: 'Esta incidencia está resuelta',
      text: 'No queda nada que reconocer. Si vuelve a ocurrir, la nueva notificación traerá un enlace nuevo.',
    },
    unknown: {
      heading: 'Este enlace no es válido',
      text: 'Comprueba que se abrió el enlace completo o reconoce la incidencia en el panel.',
    },
  },
  on: (title, server) => `${title} en ${server}`,
  firedAt: 'Activada el',
  acknowledgedBy: 'Reconocida por',
  button: 'Reconocer',
};

const FR: AckPageWords = {
  states: {
    valid: {
      heading: 'Prendre en charge cet incident ?',
      text: 'La prise en charge indique à votre équipe que quelqu’un s’en occupe et arrête les rappels jusqu’à la résolution.',
    },
    acknowledged: {
      heading: 'Incident pris en charge',
      text: 'Les rappels s’arrêtent jusqu’à la résolution. Ajoutez des notes à l’incident dans le tableau de bord.',
    },
    used: {
      heading: 'Ce lien a déjà été utilisé',
      text: 'Chaque lien de prise en charge ne sert qu’une fois. L’incident reste pris en charge ; voyez-le dans le tableau de bord.',
    },
    expired: {
      heading: 'Ce lien a expiré',
      text: 'Les liens de prise en charge ont une durée limitée. Prenez l’incident en charge dans le tableau de bord.',
    },
    resolved: {
      heading: 'Cet incident est résolu',
      text: 'Il n’y a plus rien à prendre en charge. S’il se reproduit, la nouvelle notification apportera un nouveau lien.',
    },
    unknown: {
      heading: 'Ce lien n’est pas valide',
      text: 'Vérifiez que le lien a été ouvert en entier, ou prenez l’incident en charge dans le tableau de bord.',
    },
  },
  on: (title, server) => `${title} sur ${server}`,
  firedAt: 'Déclenché le',
  acknowledgedBy: 'Pris en charge par',
  button: 'Prendre en charge',
};

const NL: AckPageWords = {
  states: {
    valid: {
      heading: 'Dit incident bevestigen?',
      text: 'Met een bevestiging weet je team dat iemand ermee bezig is en stoppen herhalingen tot het incident is opgelost.',
    },
    acknowledged: {
      heading: 'Incident bevestigd',
      text: 'Herhalingen stoppen tot het is opgelost. Voeg notities bij het incident toe in het dashboard.',
    },
    used: {
      heading: 'Deze link is al gebruikt',
      text: 'Elke bevestigingslink werkt één keer. Het incident blijft bevestigd; bekijk het in het dashboard.',
    },
    expired: {
      heading: 'Deze link is verlopen',
      text: 'Bevestigingslinks werken een beperkte tijd. Bevestig het incident in plaats daarvan in het dashboard.',
    },
    resolved: {
      heading: 'Dit incident is opgelost',
      text: 'Er valt niets meer te bevestigen. Gebeurt het opnieuw, dan brengt de nieuwe melding een nieuwe link.',
    },
    unknown: {
      heading: 'Deze link is ongeldig',
      text: 'Controleer of de hele link is geopend, of bevestig het incident in het dashboard.',
    },
  },
  on: (title, server) => `${title} op ${server}`,
  firedAt: 'Afgegaan op',
  acknowledgedBy: 'Bevestigd door',
  button: 'Bevestigen',
};

/** The words of the acknowledge link's page in the five languages of the platform. */
export const ACK_PAGE_WORDS: Record<StatusLanguage, AckPageWords> = { en: EN, de: DE, es: ES, fr: FR, nl: NL };
