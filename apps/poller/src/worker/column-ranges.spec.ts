import { factory, health, resourceSink } from '@app/samples';
import { outOfRange } from './column-ranges';

describe('outOfRange', () => {
  const building = { buildingId: 'b', somersloops: 0, powerShards: 3, circuitGroupId: 1 };

  it('passes records whose integer columns hold whole numbers in range', () => {
    expect(outOfRange(factory, [building, { ...building, circuitGroupId: null }])).toBeNull();
    expect(outOfRange(resourceSink, [{ coupons: 2_147_483_647 }])).toBeNull();
  });

  it('names a fraction or an out-of-range number in an integer column (PostgreSQL would refuse the batch)', () => {
    expect(outOfRange(factory, [building, { ...building, somersloops: 1.5 }])).toBe(
      'a number out of range in somersloops (1.5; a whole number within ±2147483647 is expected)',
    );
    expect(outOfRange(resourceSink, [{ coupons: 2_147_483_648 }])).toContain('coupons (2147483648');
    expect(outOfRange(health, [{ techTier: 40_000 }])).toContain('±32767');
  });
});
