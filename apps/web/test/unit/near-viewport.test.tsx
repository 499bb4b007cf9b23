import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Panels far below the fold are built when the reader comes near them (NearViewport): a placeholder of the panel's
 * size until then; all at once for keyboard navigation, find-in-page and printing; at once without
 * IntersectionObserver.
 */

/** An IntersectionObserver the test drives: `near(el)` says the element came within the observer's margin. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(
    readonly callback: (entries: Array<{ isIntersecting: boolean; target: Element }>) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  static near(el: Element) {
    for (const o of FakeObserver.all)
      if (o.targets.has(el)) act(() => o.callback([{ isIntersecting: true, target: el }]));
  }
}

/** A fresh module each test: whether everything was revealed is the page's state. */
async function load() {
  vi.resetModules();
  return import('../../src/components/NearViewport');
}

async function renderTwo(module?: Awaited<ReturnType<typeof load>>) {
  const { NearViewport } = module ?? (await load());
  render(
    <div className="panels">
      <NearViewport wide height={577} title="Players" id="players">
        <section data-testid="players">players</section>
      </NearViewport>
      <NearViewport height={222} title="Trains" id="trains">
        <section data-testid="trains">trains</section>
      </NearViewport>
    </div>,
  );
  return screen.queryAllByTestId('panel-slot');
}

describe('NearViewport', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('holds a place of the panel size until the reader comes near, then builds that panel only, for good', async () => {
    const slots = await renderTwo();
    expect(slots).toHaveLength(2);
    expect(screen.queryByTestId('players')).toBeNull();
    expect(slots[0]!.style.minHeight).toBe('577px');
    expect(slots[0]!.className).toContain('panel-wide');
    expect(slots[1]!.className).not.toContain('panel-wide');
    // The place holds the panel's heading: heading navigation and find-in-page reach every panel before it is built.
    expect(slots[0]!.getAttribute('aria-hidden')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Players', 'Trains']);
    // A link to the panel finds its place.
    expect(slots.map((s) => s.id)).toEqual(['players', 'trains']);
    // One scroll step ahead of the reader.
    expect(FakeObserver.all[0]!.options.rootMargin).toMatch(/^\d+px 0px$/);

    FakeObserver.near(slots[0]!);
    expect(screen.getByTestId('players')).toBeTruthy();
    expect(screen.queryByTestId('trains')).toBeNull();
    expect(screen.queryAllByTestId('panel-slot')).toHaveLength(1);
    // Built panels stop being observed.
    expect(FakeObserver.all.every((o) => !o.targets.has(slots[0]!))).toBe(true);
  });

  it('builds every panel when the reader navigates by keyboard (Tab), so focus never skips one', async () => {
    await renderTwo();
    fireEvent.keyDown(window, { key: 'a' });
    expect(screen.queryAllByTestId('panel-slot')).toHaveLength(2);
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(screen.getByTestId('players')).toBeTruthy();
    expect(screen.getByTestId('trains')).toBeTruthy();
    expect(screen.queryAllByTestId('panel-slot')).toHaveLength(0);
  });

  it("builds everything at once for the page it was asked on, not for the next dashboard's", async () => {
    const page = await load();
    expect(await renderTwo(page)).toHaveLength(2);
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(screen.queryAllByTestId('panel-slot')).toHaveLength(0);
    cleanup();
    // Still this page: panels that appear later are built at once.
    expect(await renderTwo(page)).toHaveLength(0);
    cleanup();
    page.forgetRevealAll();
    expect(await renderTwo(page)).toHaveLength(2);
  });

  it('builds every panel for find-in-page (Ctrl+F) and for printing', async () => {
    await renderTwo();
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    expect(screen.queryAllByTestId('panel-slot')).toHaveLength(0);

    const { NearViewport } = await load();
    render(
      <NearViewport height={100} title="Later" id="later">
        <p data-testid="later">later</p>
      </NearViewport>,
    );
    expect(screen.queryByTestId('later')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByTestId('later')).toBeTruthy();
  });

  it('builds at once where IntersectionObserver does not exist', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    await renderTwo();
    expect(screen.getByTestId('players')).toBeTruthy();
    expect(screen.getByTestId('trains')).toBeTruthy();
  });
});
