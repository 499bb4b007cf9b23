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
