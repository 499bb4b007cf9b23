import { session } from './api';

/**
 * The installable app's page side: registers the service worker that vite.config.mts generates (Workbox: the app
 * shell precached, the last answers of the pages' reads kept NetworkFirst in {@link LAST_ANSWERS}), tells the page
 * when a new version is waiting, reloads every open page once the user let it take over, and forgets the kept
 * answers when the signed-in user changes. Loaded lazily from main.tsx, never on the overlay.
 */

/** The service worker's cache of the last API answers (vite.config.mts, runtimeCaching). */
export const LAST_ANSWERS = 'gsm-last-answers';

/** vite-plugin-pwa's default file name for the generated worker, at the root so that its scope is the whole app. */
const WORKER = '/sw.js';

/** An open dashboard asks for a new version this often (and on every load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

const listeners = new Set<() => void>();
let waiting = false;
let activate: (() => void) | null = null;

/** A new version of the dashboard that waits for the user (registerType `prompt`). */
export const appUpdate = {
  ready(): boolean {
    return waiting;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Lets the waiting worker take over; every open page of the app then reloads on the new version. */
  apply(): void {
    activate?.();
  },
};

let started = false;

/** Registers the service worker once the page has loaded (workbox-window waits for it: the first paint comes first). */
export function startServiceWorker(): void {
  if (started || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  started = true;
  reloadWhenANewVersionTakesOver();
  forgetAnswersOnUserChange();
  void import('workbox-window')
    .then(async ({ Workbox }) => {
      const wb = new Workbox(WORKER, { scope: '/' });
      const registration = await wb.register();
      if (!registration) return;
      activate = () => wb.messageSkipWaiting();
      watchForWaitingVersion(registration);
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch(() => undefined); // no worker: the app works as before, only not offline
}

/**
 * Watches the registration itself rather than workbox-window's events, which stop after the first update they
 * did not start (a tab left open across several releases would never hear of the later ones).
 */
function watchForWaitingVersion(registration: ServiceWorkerRegistration): void {
  const check = () => {
    // A worker waiting while another one controls the page is a new version (the very first install never waits).
    if (waiting || !registration.waiting || !navigator.serviceWorker.controller) return;
    waiting = true;
    listeners.forEach((l) => l());
  };
  registration.addEventListener('updatefound', () => registration.installing?.addEventListener('statechange', check));
  check();
}

/**
 * A page runs the version it was loaded with: once a new worker takes control (the user accepted the update here or
 * in another tab), the old chunks are gone from its cache, so every page that was controlled before reloads. The
 * first install takes over an uncontrolled page of the same build (clientsClaim) and needs no reload.
 */
function reloadWhenANewVersionTakesOver(): void {
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) location.reload();
    controlled = true;
  });
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
