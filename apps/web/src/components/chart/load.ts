import type uPlot from 'uplot';

let loading: Promise<typeof uPlot> | null = null;

/** uPlot, loaded once on first use (see ./uplot.ts); a failed load (a new deployment, offline) is tried again next time. */
export function loadUPlot(): Promise<typeof uPlot> {
  loading ??= import('./uplot').then(
    (m) => m.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether this browser can draw on a canvas. Without it (an old engine, or jsdom in unit tests) charts keep their
 * text alternative and skip the plot instead of failing.
 */
export function canDraw(): boolean {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

/** The value of a CSS custom property where `el` sits (so the theme in force decides the colour). */
export function cssVar(el: Element, name: string, fallback = '#888'): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/** Calls `onChange` when the theme switches (the `data-theme` attribute of <html> or the system preference). */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  const media = window.matchMedia?.('(prefers-color-scheme: light)');
  media?.addEventListener?.('change', onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener?.('change', onChange);
  };
}

const turns: Array<() => void> = [];
let pumping = false;

function pump(): void {
  const next = turns.shift();
  try {
    next?.();
  } finally {
    if (turns.length > 0) setTimeout(pump, 0);
    else pumping = false;
  }
}

/**
 * Runs `draw` in a task of its own, after the draws queued before it. A dashboard creates five charts (and the
 * servers list a sparkline per row) at once; each uPlot costs tens of milliseconds to build, and together they
 * were one task of half a second in which the page did not answer input. One per task, the browser handles input
 * and paints between them.
 */
export function inTurn(draw: () => void): void {
  turns.push(draw);
  if (pumping) return;
  pumping = true;
  setTimeout(pump, 0);
}
