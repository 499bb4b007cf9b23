import { useSyncExternalStore } from 'react';

/** Dark and light themes: an explicit choice is remembered; without one the system preference applies. */
export type Theme = 'dark' | 'light';
const KEY = 'gsm.theme';
const listeners = new Set<() => void>();
const media = window.matchMedia('(prefers-color-scheme: light)');

function stored(): Theme | null {
  const v = localStorage.getItem(KEY);
  return v === 'dark' || v === 'light' ? v : null;
}

function effective(): Theme {
  return stored() ?? (media.matches ? 'light' : 'dark');
}

function apply(): void {
  document.documentElement.dataset.theme = effective();
}

media.addEventListener('change', () => {
  apply();
  listeners.forEach((l) => l());
});
apply();

export function setTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme);
  apply();
  listeners.forEach((l) => l());
}

export function useTheme(): Theme {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, effective);
}
