import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntl } from '../../src/lib/format';
import { i18n } from '../../src/lib/i18n';

/** Intl's data is loaded on a worker's thread first (warmIntl), then the page's formatters in an idle moment. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: { type?: string; name?: string },
  ) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('warmIntl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it("starts the worker in the page's language, ends it when it is done, then warms the page's formatters", async () => {
    await i18n.changeLanguage('de');
    const idle = vi.fn((run: () => void) => run());
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('requestIdleCallback', idle);
    warmIntl();
    expect(FakeWorker.made).toHaveLength(1);
    const worker = FakeWorker.made[0]!;
    expect(new URL(String(worker.url)).pathname).toMatch(/intl-warm\.worker\.ts$/);
    expect(worker.options).toEqual({ type: 'module', name: 'de' });
    // Nothing is built on the page's thread before the worker answered.
    expect(idle).not.toHaveBeenCalled();
    worker.onmessage!();
    expect(worker.terminated).toBe(true);
    expect(idle).toHaveBeenCalledTimes(1);
    await i18n.changeLanguage('en');
  });

  it('a worker that fails still ends and the page warms its own formatters; no Worker: the idle build alone', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('Worker', FakeWorker);
    warmIntl();
    FakeWorker.made[0]!.onerror!();
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(idle).toHaveBeenCalledTimes(1);

    vi.stubGlobal('Worker', undefined);
    warmIntl();
    expect(FakeWorker.made).toHaveLength(1);
    expect(idle).toHaveBeenCalledTimes(2);
  });
});
