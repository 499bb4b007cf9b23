import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Sparkline } from '../../src/components/Sparkline';

/** The servers list's trend line: its label is its accessible name; too few values draw nothing. */
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterAll(() => vi.restoreAllMocks());

describe('Sparkline', () => {
  it('is an image named by its label', () => {
    render(<Sparkline values={[29, null, 30, 28.5]} label="Tick rate trend of Healthy base, last 4 polls" />);
    const img = screen.getByRole('img', { name: 'Tick rate trend of Healthy base, last 4 polls' });
    expect(img.style.width).toBe('84px');
    expect(img.style.height).toBe('24px');
  });

  it('with fewer than two values there is no trend, and nothing for a screen reader to read', () => {
    const { container } = render(<Sparkline values={[null, 30, null]} label="Tick rate trend" width={60} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
