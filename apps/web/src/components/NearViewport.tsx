import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/**
 * Panels far below the fold are built when the reader comes near them, not while the page loads: a server's
 * dashboard is twenty panels, five charts and a factory table of two thousand elements, of which the first screen
 * shows three. Until then a placeholder of the panel's usual size keeps the page's length (and the scroll bar) as
 * it will be, with the panel's heading: a screen reader's heading navigation, the browser's find (from its menu, no
 * key to hear) and a reader who jumped to the end find every panel, and reaching it (the page scrolls there) builds
 * it. Everything is built at once when the reader navigates by keyboard (Tab, so focus never skips a panel),
 * searches the page (Ctrl/Cmd+F), prints, or follows a link to an anchor; and where IntersectionObserver does not
 * exist (tests in jsdom, old browsers).
 */

/** How far beyond the viewport a placeholder starts its panel: one scroll step ahead of the reader. */
const AHEAD = '240px 0px';

let revealedAll = false;
const waiting = new Set<() => void>();

/** Builds every waiting panel of the page now (and every one that appears later in this page's life). */
export function revealAllPanels(): void {
  if (revealedAll) return;
  revealedAll = true;
  for (const reveal of [...waiting]) reveal();
  waiting.clear();
}

/**
 * Ends "everything at once" with the page it was asked on (a dashboard left for another): the next page's panels wait
 * for the reader again until a key asks for all of them.
 */
export function forgetRevealAll(): void {
  revealedAll = false;
}

let listening = false;
function listenForRevealAll(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Tab' || ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f')) revealAllPanels();
    },
    { capture: true },
  );
  // Not input events, so React would render the panels in a later task: after the browser laid the page out for
  // print, or scrolled to the anchor. Rendered before the handler returns instead.
  window.addEventListener('beforeprint', () => flushSync(revealAllPanels));
  window.addEventListener('hashchange', () => flushSync(revealAllPanels));
}

export interface NearViewportProps {
  /** The placeholder spans both columns of the panel grid (the panel is `panel-wide`). */
  wide?: boolean;
  /** The placeholder's height in px, about the panel's own. */
  height: number;
  /** The panel's heading, shown in its placeholder. */
  title: string;
  /** The panel's id, also the placeholder's: a link to `#id` finds its place before the panel is built. */
  id: string;
  children: ReactNode;
}

/** `children` once the place they take is near the viewport (then for good); a placeholder of that size before. */
export function NearViewport(props: NearViewportProps) {
  const [near, setNear] = useState(() => revealedAll || typeof IntersectionObserver === 'undefined');
  const slot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (near || !slot.current) return;
    listenForRevealAll();
    const reveal = () => setNear(true);
    waiting.add(reveal);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), {
      rootMargin: AHEAD,
    });
    io.observe(slot.current);
    return () => {
      waiting.delete(reveal);
      io.disconnect();
    };
  }, [near]);

  if (near) return <>{props.children}</>;
  return (
    <div
      ref={slot}
      id={props.id}
      className={props.wide ? 'panel panel-slot panel-wide' : 'panel panel-slot'}
      style={{ minHeight: props.height }}
      data-testid="panel-slot"
    >
      <header className="panel-head">
        <h2>{props.title}</h2>
      </header>
    </div>
  );
}
