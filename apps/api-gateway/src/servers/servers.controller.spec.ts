import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NextFunction, Request, Response } from 'express';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { ApiErrorFilter } from '../http/error.filter';
import { ProbeThrottle } from './probe-throttle';
import { ServersController } from './servers.controller';
import { ServersService, type CreateServerHooks } from './servers.service';

/**
 * The two answers of POST /api/v1/servers with the service faked: what reaches the client when the registration
 * fails before the probe, during it with an ApiError, and during it with an unexpected error (which, as in the
 * exception filter, must say nothing about its cause and be logged).
 */

const PASSWORD = 'controller-spec-password';
const BODY = { name: 'Unit', host: 'game.example.com', admin_password: PASSWORD };
const principal: Principal = {
  kind: 'session',
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'unit@example.com',
  emailVerified: true,
  orgId: '00000000-0000-4000-8000-000000000002',
  role: 'admin',
  scopes: null,
  sessionId: null,
  tokenId: null,
  tokenHash: 'x',
};
const step = { step: 'reachable', ok: true, duration_ms: 2, observed: 'TCP 7777 accepted a connection in 2 ms' };
const created = { id: '00000000-0000-4000-8000-000000000003', name: 'Unit', diagnostics: { ok: true, steps: [step] } };

type Create = (orgId: string, input: unknown, hooks?: CreateServerHooks) => Promise<unknown>;

describe('ServersController POST /api/v1/servers answers', () => {
  let app: INestApplication;
  let base: string;
  let create: jest.Mock<ReturnType<Create>, Parameters<Create>>;
  const record = jest.fn(async () => undefined);

  beforeAll(async () => {
    create = jest.fn<ReturnType<Create>, Parameters<Create>>();
    const moduleRef = await Test.createTestingModule({
      controllers: [ServersController],
      providers: [
        { provide: ServersService, useValue: { create } },
        { provide: AuditService, useValue: { record } },
        { provide: ProbeThrottle, useValue: { take: async () => undefined } },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.use((req: Request, res: Response, next: NextFunction) => {
      (req as unknown as { id: string }).id = 'req-1';
      res.setHeader('X-Request-Id', 'req-1');
      (req as unknown as { principal: Principal }).principal = principal;
      next();
    });
    app.useGlobalFilters(new ApiErrorFilter());
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    create.mockReset();
    record.mockClear();
  });

  const post = async (accept?: string) => {
    const res = await fetch(`${base}/api/v1/servers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
      body: JSON.stringify(BODY),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), text };
  };
  const lines = (text: string): unknown[] =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as unknown);

  it('without the NDJSON Accept header: 201 with the JSON body, audited', async () => {
    create.mockResolvedValue(created);
    const res = await post('application/json');
    expect(res.status).toBe(201);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual(created);
    // No live hooks in the JSON answer: only the probe throttle.
    expect(Object.keys(create.mock.calls[0]?.[2] ?? {})).toEqual(['beforeProbe']);
    expect(record).toHaveBeenCalledWith(
      principal,
      'server.created',
      { type: 'server', id: created.id },
      expect.anything(),
    );
  });

  it('NDJSON: the steps, then the created server; audited', async () => {
    create.mockImplementation(async (_org, _input, hooks) => {
      hooks?.onProbeStart?.();
      hooks?.onStep?.(step);
      return created;
    });
    const res = await post('application/x-ndjson');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/x-ndjson; charset=utf-8');
    expect(lines(res.text)).toEqual([
      { type: 'step', ...step },
      { type: 'created', server: created },
    ]);
    expect(record).toHaveBeenCalledTimes(1);
  });

  it('NDJSON, failing before the probe: a plain JSON error with its status', async () => {
    create.mockRejectedValue(new ApiError('Conflict', 'game.example.com:7777 is already registered', 'Open it.'));
    const res = await post('application/x-ndjson');
    expect(res.status).toBe(409);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual({
      error: { code: 'Conflict', message: 'game.example.com:7777 is already registered', remedy: 'Open it.' },
      request_id: 'req-1',
    });
    expect(record).not.toHaveBeenCalled();
  });

  it('NDJSON, an ApiError during the probe: the last line has the status and error of the JSON answer', async () => {
    create.mockImplementation(async (_org, _input, hooks) => {
      hooks?.onProbeStart?.();
      hooks?.onStep?.({ ...step, ok: false });
      throw new ApiError('ServerUnreachableException', 'reaching the game port failed', 'Open port 7777.', {
        step: 'reachable',
      });
    });
    const res = await post('application/x-ndjson');
    expect(res.status).toBe(200);
    expect(lines(res.text)).toEqual([
      { type: 'step', ...step, ok: false },
      {
        type: 'error',
        status: 502,
        error: {
          code: 'ServerUnreachableException',
          message: 'reaching the game port failed',
          remedy: 'Open port 7777.',
          details: { step: 'reachable' },
        },
        request_id: 'req-1',
      },
    ]);
    expect(record).not.toHaveBeenCalled();
  });

  it('NDJSON, an unexpected error during the probe: a generic 500 line, the cause only in the log', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      create.mockImplementation(async (_org, _input, hooks) => {
        hooks?.onProbeStart?.();
        throw new Error(`connect ECONNREFUSED 10.0.0.5:5432 while saving ${PASSWORD}`);
      });
      const res = await post('application/x-ndjson');
      expect(res.status).toBe(200);
      expect(lines(res.text)).toEqual([
        {
          type: 'error',
          status: 500,
          error: {
            code: 'InternalError',
            message: 'something went wrong on our side',
            remedy: 'Try again; if it persists, contact support with request id req-1.',
          },
          request_id: 'req-1',
        },
      ]);
      expect(res.text).not.toContain('10.0.0.5');
      expect(res.text).not.toContain(PASSWORD);
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-1' }), 'unhandled error');
    } finally {
      logged.mockRestore();
    }
  });
});
