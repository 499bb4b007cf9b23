import { AnswerBudget } from './answer-budget';
import { AnswerMeter, answerLimits, MiB } from './answer-limits';
import { GameClientError } from './errors';

describe('AnswerBudget: a total across answers in flight', () => {
  const chunk = (bytes: number) => new Uint8Array(bytes).fill(0x20);

  it('lets answers through while their sum fits, drops the one whose chunk would go over it, and says why', () => {
    const budget = new AnswerBudget(3 * MiB);
    const a = new AnswerMeter(answerLimits('getFactory'), 'frm-http', budget);
    const b = new AnswerMeter(answerLimits('getFactory'), 'frm-http', budget);
    a.push(chunk(2 * MiB));
    b.push(chunk(MiB));
    expect(budget.inFlight).toBe(3 * MiB);
    let error: unknown;
    try {
      b.push(chunk(1));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GameClientError);
    expect((error as GameClientError).code).toBe('answer_too_large');
    expect((error as GameClientError).message).toBe(
      "answer dropped: getFactory had sent 1 MiB when the poller's budget for answers in flight (3 MiB across every " +
        'server) was used up; the poll was dropped and nothing was stored, the next poll tries again. Many large ' +
        'answers at once: check the servers named in these states.',
    );
    expect(budget.refused).toBe(1);
    expect(budget.peak).toBe(3 * MiB);
  });

  it('gives back what an answer reserved once it is read or dropped, once only', () => {
    const budget = new AnswerBudget(2 * MiB);
    const a = new AnswerMeter(answerLimits('getPower'), 'frm-http', budget);
    a.push(chunk(512 * 1024));
    a.push(chunk(256 * 1024));
    expect(budget.inFlight).toBe(768 * 1024);
    a.release();
    expect(budget.inFlight).toBe(0);
    // A chunk arriving after the release (an aborted body still draining) reserves nothing and is not given back.
    a.push(chunk(100));
    a.release();
    expect(budget.inFlight).toBe(0);
    const b = new AnswerMeter(answerLimits('getFactory'), 'frm-http', budget);
    b.push(chunk(2 * MiB));
    expect(budget.inFlight).toBe(2 * MiB);
  });

  it('an answer over its own cap still releases what it reserved: the budget never leaks', () => {
    const budget = new AnswerBudget(64 * MiB);
    const meter = new AnswerMeter(answerLimits('getPower'), 'frm-http', budget);
    expect(() => meter.push(chunk(2 * MiB))).toThrow(/more than 1 MiB/);
    meter.release();
    expect(budget.inFlight).toBe(0);
  });

  it('a meter without a budget counts nothing anywhere (the api-gateway probes)', () => {
    const meter = new AnswerMeter(answerLimits('getFactory'), 'frm-http');
    meter.push(chunk(MiB));
    meter.release();
    expect(meter.bytes).toBe(MiB);
  });
});
