import { sampleKind } from '@app/samples';
import { ApiError } from '../http/api-error';
import { range } from './history-range';
import { aggregateFrom, sourceOf } from './history-source';
import { PowerHistory, ProductionHistory, SessionHistory } from './metrics.schemas';

const NOW = new Date('2026-11-27T12:00:00.000Z');

/** The fields a 400 names. */
function fieldsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect([e.status, e.code]).toEqual([400, 'ValidationFailed']);
    return (e.details!.fields as { field: string }[]).map((f) => f.field);
  }
  throw new Error('no error');
}

describe('history query parameters', () => {
  it('defaults to the hour before now in 30-second buckets; units s, m, h, d and bare seconds', () => {
    expect(range({}, NOW)).toEqual({
      from: new Date('2026-11-27T11:00:00.000Z'),
      to: NOW,
      stepSeconds: 30,
      filters: {},
    });
    for (const [step, seconds] of [
      ['45', 45],
      ['45s', 45],
      ['5m', 300],
      ['2h', 7200],
      ['1d', 86400],
    ] as const)
      expect(range({ step, from: '2026-11-27T00:00:00Z' }, NOW).stepSeconds).toBe(seconds);
  });

  it('takes each route its own filters, parsed, and refuses the filters of another route', () => {
    expect(range({ circuit: '7', session: 'Main save' }, NOW, PowerHistory).filters).toEqual({
      circuit: 7,
      session: 'Main save',
    });
    expect(range({ item: 'Desc_IronIngot_C' }, NOW, ProductionHistory).filters).toEqual({ item: 'Desc_IronIngot_C' });
    expect(fieldsOf(() => range({ circuit: '7' }, NOW, SessionHistory))).toEqual(['query']);
    expect(fieldsOf(() => range({ circuit: '7' }, NOW))).toEqual(['query']);
  });

  it('names the bad field: circuit, item, session, step, from', () => {
    expect(fieldsOf(() => range({ circuit: 'main' }, NOW, PowerHistory))).toEqual(['circuit']);
    expect(fieldsOf(() => range({ circuit: '1.5' }, NOW, PowerHistory))).toEqual(['circuit']);
    expect(fieldsOf(() => range({ item: '' }, NOW, ProductionHistory))).toEqual(['item']);
    expect(fieldsOf(() => range({ session: 'x'.repeat(201) }, NOW, SessionHistory))).toEqual(['session']);
    expect(fieldsOf(() => range({ step: 'fast' }, NOW))).toEqual(['step']);
    expect(fieldsOf(() => range({ step: '0' }, NOW))).toEqual(['step']);
    expect(fieldsOf(() => range({ step: '1s', from: '2026-01-01T00:00:00Z' }, NOW))).toEqual(['step']);
    expect(fieldsOf(() => range({ from: '2026-11-27T12:00:00Z', to: '2026-11-27T11:00:00Z' }, NOW))).toEqual(['from']);
  });
});

describe('where a history is read from', () => {
  const generators = sampleKind('generators');
  it('whole hours from the hourly aggregate, whole minutes from the per-minute one, anything else from the samples', () => {
    expect([30, 60, 90, 300, 3600, 7200, 86400].map((s) => sourceOf(generators, s))).toEqual([
      'raw',
      '1m',
      'raw',
      '1m',
      '1h',
      '1h',
      '1h',
    ]);
    // Players have no aggregates.
    expect(sourceOf(sampleKind('players'), 3600)).toBe('raw');
  });

  it('an aggregate is read from the start of the minute or hour `from` falls in', () => {
    const from = new Date('2026-11-27T11:42:17.250Z');
    expect(aggregateFrom('raw', from)).toEqual(from);
    expect(aggregateFrom('1m', from)).toEqual(new Date('2026-11-27T11:42:00.000Z'));
    expect(aggregateFrom('1h', from)).toEqual(new Date('2026-11-27T11:00:00.000Z'));
  });
});
