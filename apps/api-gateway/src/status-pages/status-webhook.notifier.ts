import { TargetGuard } from '@app/game-client';
import { Injectable } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** Deadline of one webhook POST to a status page subscriber (connect to last byte). */
export const STATUS_WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * POSTs JSON to a status page subscriber's webhook. The host must pass the platform's target guard (no private or
 * loopback addresses unless TARGET_ALLOW_CIDRS allows them), and the connection goes to the very address the guard
 * checked, so a rebinding DNS answer cannot redirect it; no redirects are followed. Errors never contain the URL:
 * webhook URLs are secrets. Resolves the receiver's HTTP status.
 */
@Injectable()
export class StatusWebhookNotifier {
  constructor(private readonly guard: TargetGuard) {}

  /** Whether the URL is one we would post to (http(s), a host the guard allows); the reason when not. */
  async refusal(url: string): Promise<string | null> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return 'is not a URL';
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return 'must be an http or https URL';
    if (target.username || target.password) return 'must not carry a user name or password';
    const verdict = await this.guard.check(target.hostname.replace(/^\[|\]$/g, ''));
    return verdict.allowed ? null : `its host is not allowed: ${verdict.reason}`;
  }

  /**
   * POSTs the JSON text with the extra headers. Only the status line is read: the connection is dropped once the
   * headers are in, so a receiver answering a huge body costs nothing; a slow one is cut at the deadline.
   */
  async post(url: string, rawJson: string, extraHeaders: Record<string, string> = {}): Promise<number> {
    const target = new URL(url);
    const hostname = target.hostname.replace(/^\[|\]$/g, '');
    const verdict = await this.guard.check(hostname);
    if (!verdict.allowed) throw new Error(`the receiver's address is not allowed: ${verdict.reason}`);
    const { address, family } = verdict;
    const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    }) as unknown as LookupFunction;
    const payload = Buffer.from(rawJson);
    const isHttps = target.protocol === 'https:';
    return new Promise<number>((resolve, reject) => {
      const req = (isHttps ? https : http).request(
        {
          method: 'POST',
          hostname,
          port: target.port || (isHttps ? 443 : 80),
          path: `${target.pathname}${target.search}`,
          headers: {
            'content-type': 'application/json',
            'content-length': String(payload.length),
            'user-agent': 'gsm-status-page/1 (+satisfactory monitoring)',
            ...extraHeaders,
          },
          lookup,
          timeout: STATUS_WEBHOOK_TIMEOUT_MS,
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.destroy();
        },
      );
      const late = new Error(`no answer within ${STATUS_WEBHOOK_TIMEOUT_MS} ms`);
      const deadline = setTimeout(() => req.destroy(late), STATUS_WEBHOOK_TIMEOUT_MS);
      req.on('close', () => clearTimeout(deadline));
      req.on('timeout', () => req.destroy(late));
      req.on('error', (error: NodeJS.ErrnoException) =>
        reject(error === late ? late : new Error(`the request failed (${error.code ?? 'no connection'})`)),
      );
      req.end(payload);
    });
  }
}
