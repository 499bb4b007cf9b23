import { createServer, type Server } from 'node:net';
import { ephemeralPortRange, TcpListener } from './listener';

describe('TcpListener', () => {
  const opened: TcpListener[] = [];
  const others: Server[] = [];
  afterEach(async () => {
    jest.restoreAllMocks();
    await Promise.all(opened.splice(0).map((l) => l.close()));
    await Promise.all(others.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  const listener = (port = 0): TcpListener => {
    const l = new TcpListener('127.0.0.1', port, (socket) => socket.end());
    opened.push(l);
    return l;
  };

  it('picks a free port below the ephemeral range, so no outgoing connection takes it while a fault has it closed', async () => {
    const low = Math.min(21_000, ephemeralPortRange()[0]);
    for (let i = 0; i < 5; i++) {
      const port = await listener().open();
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
    }
  });

  it('opens again on the same number after a close (a cleared fault)', async () => {
    const l = listener();
    const port = await l.open();
    await l.close();
    expect(l.isOpen).toBe(false);
    expect(await l.open()).toBe(port);
    expect(l.isOpen).toBe(true);
  });

  it('skips a picked port that is taken', async () => {
    const low = Math.min(21_000, ephemeralPortRange()[0]);
    const taken = createServer();
    others.push(taken);
    const takenPort = 10_000 + Math.floor((low - 10_000) / 2);
    await new Promise<void>((resolve, reject) => {
      taken.once('error', reject);
      taken.listen(takenPort, '127.0.0.1', () => resolve());
    }).catch(() => undefined);
    // First pick: the taken port; the second: the one just above it.
    const random = jest
      .spyOn(Math, 'random')
      .mockReturnValueOnce((takenPort - 10_000 + 0.5) / (low - 10_000))
      .mockReturnValueOnce((takenPort + 1 - 10_000 + 0.5) / (low - 10_000));
    const port = await listener().open();
    expect(random).toHaveBeenCalledTimes(2);
    expect(port).toBe(takenPort + 1);
  });

  it('keeps a port it was given', async () => {
    const first = listener();
    const port = await first.open();
    await first.close();
    expect(await listener(port).open()).toBe(port);
  });
});
