import { session } from './api';
import { i18n } from './i18n';

/**
 * A one-time message for the sign-in page ("your session ended: ..."), kept in sessionStorage so it survives the
 * redirect. When the session disappears without the user signing out (a 401 somewhere), a default message is left.
 */
const KEY = 'gsm.flash';
let signingOut = false;
let hadToken = session.token() !== null;

session.subscribe(() => {
  const has = session.token() !== null;
  if (hadToken && !has && !signingOut && !sessionStorage.getItem(KEY))
    sessionStorage.setItem(KEY, i18n.t('errors.sessionEnded', { ns: 'common' }));
  hadToken = has;
  signingOut = false;
});

export const flash = {
  set(message: string): void {
    sessionStorage.setItem(KEY, message);
  },
  take(): string | null {
    const m = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return m;
  },
  /** The next session clear is the user's own sign-out: no message. */
  expectSignOut(): void {
    signingOut = true;
  },
};
