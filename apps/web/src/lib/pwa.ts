/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { session } from './api';

/**
 * The installable app's page side: registers the service worker that vite.config.mts generates (Workbox: the app
 * shell precached, the last answers of the pages' reads kept NetworkFirst in {@link LAST_ANSWERS}), tells the page
 * when a new version is waiting, and forgets the kept answers when the signed-in user changes. Loaded lazily from
 * main.tsx, never on the overlay.
 */

/** The service worker's cache of the last API answers (vite.config.mts, runtimeCaching). */
export const LAST_ANSWERS = 'gsm-last-answers';

/** An open dashboard asks for a new version this often (and on every load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

const listeners = new Set<() => void>();
let waiting = false;
let activate: ((reloadPage?: boolean) => Promise<void>) | null = null;

/** A new version of the dashboard that waits for the user (registerType `prompt`). */
export const appUpdate = {
  ready(): boolean {
    return waiting;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Lets the waiting worker take over; every open tab of the app then reloads on the new version. */
  apply(): void {
    void activate?.(true);
  },
};

let started = false;

/** Registers the service worker once the page has loaded (not before: it would compete with the first paint). */
export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  activate = registerSW({
    onNeedRefresh() {
      waiting = true;
      listeners.forEach((l) => l());
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  forgetAnswersOnUserChange();
}

/**
 * The kept answers belong to the session that fetched them (the worker keys them by organisation, but it cannot see
 * who is signed in): signing out, an ended session or another sign-in empties them.
 */
function forgetAnswersOnUserChange(): void {
  let token = session.token();
  session.subscribe(() => {
    const now = session.token();
    if (now === token) return;
    token = now;
    if (typeof caches !== 'undefined') void caches.delete(LAST_ANSWERS).catch(() => undefined);
  });
}
