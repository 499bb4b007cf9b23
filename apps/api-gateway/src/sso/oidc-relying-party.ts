import { TargetGuard } from '@app/game-client';
import { Injectable } from '@nestjs/common';
import type { LookupFunction } from 'node:net';
import * as oidc from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';

/** The provider could not be reached or is no OpenID provider; `reason` is safe to show the admin. */
export class IssuerUnusableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'IssuerUnusableError';
  }
}

const TIMEOUT_MS = 5000;

/**
 * The platform as an OpenID Connect relying party (openid-client 6). Every request to a provider (discovery, JWKS,
 * token endpoint) goes through the outbound target guard, like webhooks: the host must resolve to public addresses
 * (or ranges of TARGET_ALLOW_CIDRS), and the connection goes to the very address that was checked. Plain http is
 * accepted only for such explicitly allowed non-public addresses (a test or on-premises provider).
 */
@Injectable()
export class OidcRelyingParty {
  constructor(private readonly guard: TargetGuard) {}

  /** Fetches the issuer's discovery document: a Configuration for the client, or {@link IssuerUnusableError}. */
  async discover(issuer: string, clientId: string, clientSecret: string, clockTolerance: number) {
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new IssuerUnusableError('the issuer is not a URL');
    }
    const insecure = url.protocol === 'http:' ? await this.insecureAllowed(url) : false;
    if (url.protocol !== 'https:' && !insecure) throw new IssuerUnusableError('the issuer must be an https:// URL');
    try {
      const config = await oidc.discovery(
        url,
        clientId,
        { [oidc.clockTolerance]: clockTolerance },
        oidc.ClientSecretBasic(clientSecret),
        {
          [oidc.customFetch]: (target, init) => this.guardedFetch(target, init),
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: TIMEOUT_MS / 1000,
        },
      );
      return config;
    } catch (error) {
      throw error instanceof IssuerUnusableError ? error : new IssuerUnusableError(describe(error));
    }
  }

  private async insecureAllowed(url: URL): Promise<boolean> {
    const verdict = await this.guard.check(url.hostname.replace(/^\[|\]$/g, ''));
    return verdict.allowed && TargetGuard.classify(verdict.address) !== null;
  }

  private async guardedFetch(target: string, init: oidc.CustomFetchOptions): Promise<Response> {
    const url = new URL(target);
    const verdict = await this.guard.check(url.hostname.replace(/^\[|\]$/g, ''));
    if (!verdict.allowed) throw new IssuerUnusableError(`the provider's address is not allowed: ${verdict.reason}`);
    const { address, family } = verdict;
    const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    }) as unknown as LookupFunction;
    const dispatcher = new Agent({ connect: { lookup }, connections: 1 });
    try {
      const res = await undiciFetch(target, {
        method: init.method,
        headers: init.headers as Record<string, string>,
        body: init.body as string | undefined,
        redirect: 'manual',
        signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS),
        dispatcher,
      });
      // Read the body now: the connection closes with the agent.
      const body = await res.arrayBuffer();
      return new Response(res.status === 204 || res.status === 304 ? null : body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers as unknown as Headers,
      });
    } finally {
      void dispatcher.close();
    }
  }
}

/** What went wrong, in words an admin understands; never a secret (the client secret is in no URL). */
function describe(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code;
  if (code === 'ECONNREFUSED') return 'the provider refused the connection';
  if (code === 'ENOTFOUND') return "the provider's host name does not resolve";
  if (e.message?.includes('timed out') || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ABORT_ERR')
    return 'the provider did not answer in time';
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON')
    return 'the address answered, but not with an OpenID discovery document';
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')
    return "the discovery document's issuer is not the URL given (check the exact issuer, with or without a trailing slash)";
  if (e.message?.includes('fetch failed')) return 'the provider could not be reached';
  return `the provider's discovery document could not be used (${(e.message ?? 'unknown error').slice(0, 200)})`;
}
