import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnswerMeter, answerCapsOf, answerLimits, formatBytes, MAX_RECORDS, MiB } from './answer-limits';
import { GameClientError } from './errors';
import { FrmClient } from './frm.client';
import type { GameApiClient } from './game-api.client';
import { GameTransport } from './https-transport';

const limits = (over: Partial<ReturnType<typeof answerLimits>> = {}) => ({ ...answerLimits('getPower'), ...over });
const feed = (meter: AnswerMeter, text: string, chunk = text.length) => {
  for (let i = 0; i < text.length; i += chunk) meter.push(Buffer.from(text.slice(i, i + chunk)));
};
const refusal = (fn: () => void): GameClientError => {
  try {
    fn();
  } catch (error) {
    return error as GameClientError;
  }
  throw new Error('expected a refusal');
};

describe('answerLimits', () => {
  it('gives getFactory 8 MiB and every other answer 1 MiB by default, each configurable', () => {
    expect(answerLimits('getFactory').maxBytes).toBe(8 * MiB);
    expect(answerLimits('getPower').maxBytes).toBe(1 * MiB);
    expect(answerLimits('HealthCheck').maxBytes).toBe(1 * MiB);
    const caps = answerCapsOf({ POLLER_MAX_ANSWER_BYTES: 65_536, POLLER_MAX_FACTORY_ANSWER_BYTES: 2 * MiB });
    expect(answerLimits('getFactory', caps).maxBytes).toBe(2 * MiB);
    expect(answerLimits('QueryServerState', caps).maxBytes).toBe(65_536);
    expect(answerCapsOf({})).toEqual({ answerBytes: MiB, factoryAnswerBytes: 8 * MiB });
  });

  it('caps records per kind, and any endpoint not listed (own keys only)', () => {
    expect(answerLimits('getFactory').maxRecords).toBe(MAX_RECORDS.getFactory);
    expect(answerLimits('getPlayer').maxRecords).toBe(1000);
    expect(answerLimits('constructor').maxRecords).toBe(20_000);
  });

  it('formats sizes for messages', () => {
    expect(formatBytes(8 * MiB)).toBe('8 MiB');
    expect(formatBytes(1.5 * MiB)).toBe('1.5 MiB');
    expect(formatBytes(65_536)).toBe('64 KiB');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });
});

describe('AnswerMeter', () => {
  it('lets a normal FRM answer through, however it is chunked', () => {
    const body = JSON.stringify([
      { ID: 'a', Name: 'Pioneer "one"\\', location: { x: 1, y: 2, z: 3 }, items: [[1], [2]] },
    ]);
    for (const chunk of [1, 3, body.length]) {
      const meter = new AnswerMeter(limits({ maxRecords: 1, maxDepth: 4, maxStringBytes: 32 }));
      feed(meter, body, chunk);
      expect(meter.records).toBe(1);
      expect(meter.bytes).toBe(body.length);
    }
  });

  it('refuses the first chunk past the byte cap, with a clear per-endpoint message', () => {
    const meter = new AnswerMeter(answerLimits('getFactory'), 'frm-http');
    meter.push(Buffer.alloc(8 * MiB, 0x20));
    const error = refusal(() => meter.push(Buffer.from(' ')));
    expect(error).toBeInstanceOf(GameClientError);
    expect(error.code).toBe('answer_too_large');
    expect(error.details.transport).toBe('frm-http');
    expect(error.message).toMatch(/^answer too large: getFactory sent more than 8 MiB; the poll was dropped/);
  });

  it('refuses a declared Content-Length over the cap before reading', () => {
    const meter = new AnswerMeter(answerLimits('HealthCheck'));
    expect(refusal(() => meter.declared(String(500_000_000))).message).toContain(
      'HealthCheck sent a body of 476.8 MiB (Content-Length), more than 1 MiB',
    );
    expect(() => meter.declared(undefined)).not.toThrow();
    expect(() => meter.declared('12')).not.toThrow();
  });

  it('counts top-level records of an array or object, not nested ones nor commas in strings', () => {
    const meter = new AnswerMeter(limits({ maxRecords: 3 }));
    feed(meter, '[{"a":[1,2,3,4,5]}, {"b":"x,y,z"} ,[7,8],', 2);
    expect(meter.records).toBe(3);
    expect(refusal(() => feed(meter, ' 9]')).message).toContain('getPower sent more than 3 records');
    const object = new AnswerMeter(limits({ maxRecords: 2 }));
    feed(object, '{"a":{"x":1,"y":2},"b":[1,2]}');
    expect(object.records).toBe(2);
    expect(() => feed(new AnswerMeter(limits({ maxRecords: 0 })), '[ ]')).not.toThrow();
  });

  it('refuses nesting deeper than the cap and over-long strings (escapes included)', () => {
    expect(refusal(() => feed(new AnswerMeter(limits()), '['.repeat(33))).message).toContain(
      'JSON nested more than 32 levels deep',
    );
    expect(() => feed(new AnswerMeter(limits()), `${'['.repeat(32)}${']'.repeat(32)}`)).not.toThrow();
    const long = new AnswerMeter(limits({ maxStringBytes: 8 }));
    expect(() => feed(long, '["12345678", "\\"\\"\\"\\""]')).not.toThrow();
    expect(refusal(() => feed(long, ',"123456789"')).message).toContain('a string longer than 8 bytes');
  });

  it('meters a body that is not a JSON array or object by bytes only (an HTML page is not refused as JSON)', () => {
    const meter = new AnswerMeter(limits({ maxStringBytes: 4, maxDepth: 1 }));
    feed(meter, '<html>"a very long quoted text" [[[[</html>');
    expect(meter.records).toBe(0);
  });
});

/** A loopback HTTP server answering every request with `answer`; records how many bytes it managed to write. */
async function serve(answer: (res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Streams `total` bytes of a JSON array, reporting what was written when the client went away. */
function endless(total: number, onClose: (written: number) => void) {
  return (res: ServerResponse) => {
    let written = 0;
    const block = `${'{"ID":"Build_C","location":{"x":0,"y":0,"z":0}},'.repeat(1000)}`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.on('close', () => onClose(written));
    const write = () => {
      while (!res.destroyed && written < total) {
        written += block.length;
        if (!res.write(written === block.length ? `[${block}` : block)) return void res.once('drain', write);
      }
      if (!res.destroyed) res.end('{}]');
    };
    write();
  };
}

describe('GameTransport with answer caps (real loopback servers)', () => {
  const servers: Server[] = [];
  const transport = new GameTransport({ answerCaps: { answerBytes: 256 * 1024, factoryAnswerBytes: MiB } });
  afterAll(async () => {
    await transport.close();
    for (const s of servers) s.close();
  });

  it('aborts a 200 MB FRM answer at the cap instead of reading it (the server stops early)', async () => {
    let closedAfter = -1;
    const { server, url } = await serve(endless(200_000_000, (n) => (closedAfter = n)));
    servers.push(server);
    const started = performance.now();
    const error = await transport.get(`${url}/getFactory`, 20_000, 'frm-http', 'getFactory').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GameClientError);
    expect((error as GameClientError).code).toBe('answer_too_large');
    expect((error as GameClientError).message).toContain('getFactory sent more than 1 MiB');
    expect(performance.now() - started).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 100));
    // The server wrote its socket buffers' worth past the cap at most, nowhere near 200 MB.
    expect(closedAfter).toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(20 * MiB);
  });

  it('keeps answers under the cap whole', async () => {
    const { server, url } = await serve(endless(100_000, () => undefined));
    servers.push(server);
    const res = await transport.get(`${url}/getPower`, 5000, 'frm-http', 'getPower');
    expect(res.status).toBe(200);
    expect((JSON.parse(res.text) as unknown[]).length).toBeGreaterThan(1000);
  });

  it('an over-cap answer on FRM port is not retried through the proxy, and the add-on is not called unavailable', async () => {
    const { server, url } = await serve(endless(50_000_000, () => undefined));
    servers.push(server);
    const port = Number(new URL(url).port);
    const frmProxy = jest.fn();
    const frm = new FrmClient(transport, { frmProxy } as unknown as GameApiClient, {
      address: '127.0.0.1',
      addonHttpPort: port,
    });
    await expect(frm.factory()).rejects.toMatchObject({ code: 'answer_too_large' });
    await expect(frm.check()).rejects.toMatchObject({ code: 'answer_too_large' });
    expect(frmProxy).not.toHaveBeenCalled();
    expect(frm.proxyAvailable).toBeNull();
  });
});
