import { answerTooLarge } from './answer-limits';
import { GameClientError, type GameTransportKind } from './errors';
import { checkParsed, FrmLimitError } from './frm/frm-limits';
import type { GameApiClient } from './game-api.client';
import { origin, type GameTransport } from './https-transport';
import {
  FrmParseError,
  parseDrones,
  parseDroneStations,
  parseExtractors,
  parseFactory,
  parseGenerators,
  parseInventory,
  parseResourceSink,
  parseStorage,
  parsePlayers,
  parsePower,
  parseProduction,
  parseSessionInfo,
  parseTrains,
} from './frm/frm-records';

export type FrmVia = 'http' | 'proxy';

/** What the platform knows about a server's add-on after a check. */
export interface AddonCheckResult {
  status: 'available' | 'unavailable';
  via: FrmVia | null;
  /** Why it is unavailable, in plain words (e.g. "port 8080 refused; the game's frm proxy is missing"). */
  reason: string | null;
}

/** Network failures of FRM's own port after which the proxy on the game port is tried. */
const FALLBACK_CODES = new Set(['refused', 'timeout', 'reset', 'unreachable']);

/**
 * Ficsit Remote Monitoring of one server: `GET http://host:<addon port>/<endpoint>`; when that port refuses or
 * times out, the `frm` proxy function on the game port; a proxy answering bad_function is remembered as missing,
 * and both failing is reported as `addon_unavailable` with the reason.
 */
export class FrmClient {
  /** null until tried; false once the proxy answered bad_function. */
  proxyAvailable: boolean | null = null;
  lastVia: FrmVia | null = null;

  constructor(
    private readonly transport: GameTransport,
    private readonly api: GameApiClient,
    private readonly target: { address: string; addonHttpPort: number },
    private readonly options: { timeoutMs?: number } = {},
  ) {}

  /** Fetches one endpoint's raw JSON, falling back to the proxy. */
  async get(endpoint: string): Promise<{ body: unknown; via: FrmVia }> {
    let httpFailure: GameClientError;
    try {
      const body = await this.viaHttp(endpoint);
      this.lastVia = 'http';
      return { body, via: 'http' };
    } catch (error) {
      if (!(error instanceof GameClientError) || !FALLBACK_CODES.has(error.code)) throw error;
      httpFailure = error;
    }
    const portSays = `FRM's port ${this.target.addonHttpPort} ${describe(httpFailure)}`;
    if (this.proxyAvailable === false) {
      throw new GameClientError(
        'addon_unavailable',
        `${portSays}, and the game's frm proxy is missing (bad_function)`,
        {
          transport: 'frm-proxy',
        },
      );
    }
    try {
      const body = await this.api.frmProxy(endpoint);
      this.proxyAvailable = true;
      this.lastVia = 'proxy';
      return { body: frmErrorCheck(body, endpoint, 'frm-proxy'), via: 'proxy' };
    } catch (error) {
      if (error instanceof GameClientError && error.code === 'bad_function') {
        this.proxyAvailable = false;
        throw new GameClientError(
          'addon_unavailable',
          `${portSays}, and the game's frm proxy is missing (bad_function)`,
          {
            transport: 'frm-proxy',
            apiErrorCode: 'bad_function',
          },
        );
      }
      if (error instanceof GameClientError && error.details.apiErrorCode === 'internal_server_error') {
        throw new GameClientError(
          'world_not_ready',
          `${endpoint}: FRM could not answer through the proxy (no session loaded?)`,
          {
            transport: 'frm-proxy',
          },
        );
      }
      throw error;
    }
  }

  /** Checks that the add-on answers getPower with an array, by either transport. */
  async check(): Promise<AddonCheckResult> {
    this.proxyAvailable = null;
    try {
      const { body, via } = await this.get('getPower');
      if (!Array.isArray(body))
        return { status: 'unavailable', via, reason: `getPower answered ${typeof body}, not a JSON array` };
      return { status: 'available', via, reason: null };
    } catch (error) {
      if (
        error instanceof GameClientError &&
        (error.code === 'addon_unavailable' || error.code === 'world_not_ready')
      ) {
        return { status: 'unavailable', via: null, reason: error.message };
      }
      throw error;
    }
  }

  power = () => this.parsed('getPower', parsePower);
  players = () => this.parsed('getPlayer', parsePlayers);
  production = () => this.parsed('getProdStats', parseProduction);
  trains = () => this.parsed('getTrains', parseTrains);
  drones = () => this.parsed('getDrone', parseDrones);
  droneStations = () => this.parsed('getDroneStation', parseDroneStations);
  factory = () => this.parsed('getFactory', (body) => parseFactory(body));
  sessionInfo = () => this.parsed('getSessionInfo', parseSessionInfo);
  generators = () => this.parsed('getGenerators', parseGenerators);
  extractors = () => this.parsed('getExtractor', parseExtractors);
  worldInventory = () => this.parsed('getWorldInv', (body) => parseInventory('getWorldInv', body));
  cloudInventory = () => this.parsed('getCloudInv', (body) => parseInventory('getCloudInv', body));
  storage = () => this.parsed('getStorageInv', parseStorage);
  resourceSink = () => this.parsed('getResourceSink', parseResourceSink);

  /** Fetches and parses one endpoint; an unusable body is a GameClientError `bad_json` like any other failure. */
  private async parsed<T>(endpoint: string, parse: (body: unknown) => T): Promise<T> {
    const { body } = await this.get(endpoint);
    const transport = this.lastVia === 'proxy' ? 'frm-proxy' : 'frm-http';
    try {
      return checkParsed(endpoint, parse(body));
    } catch (error) {
      if (error instanceof FrmLimitError) throw answerTooLarge(endpoint, error.detail, transport);
      if (error instanceof FrmParseError) {
        throw new GameClientError('bad_json', error.message, { transport }, { cause: error });
      }
      throw error;
    }
  }

  private async viaHttp(endpoint: string): Promise<unknown> {
    const url = `${origin('http', this.target.address, this.target.addonHttpPort)}/${encodeURIComponent(endpoint)}`;
    const res = await this.transport.get(url, this.options.timeoutMs ?? 5000, 'frm-http', endpoint);
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      throw new GameClientError(
        'bad_json',
        `${endpoint}: FRM answered HTTP ${res.status} with a body that is not JSON`,
        {
          transport: 'frm-http',
          status: res.status,
        },
      );
    }
    if (res.status !== 200) return frmErrorCheck(body, endpoint, 'frm-http', res.status);
    return body;
  }
}

/** Turns FRM's `{"error": ...}` bodies into typed errors. */
function frmErrorCheck(body: unknown, endpoint: string, transport: GameTransportKind, status?: number): unknown {
  const error =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'string') {
    if (status !== undefined) {
      throw new GameClientError('http_status', `${endpoint}: FRM answered HTTP ${status}`, { transport, status });
    }
    return body;
  }
  if (/world not ready/i.test(error)) {
    throw new GameClientError(
      'world_not_ready',
      `${endpoint}: FRM says "${error}" (a save is loading or none is running)`,
      {
        transport,
        status,
      },
    );
  }
  throw new GameClientError('frm_error', `${endpoint}: FRM answered "${error}"`, { transport, status });
}

function describe(error: GameClientError): string {
  switch (error.code) {
    case 'refused':
      return 'refused the connection';
    case 'timeout':
      return 'did not answer in time';
    case 'reset':
      return 'reset the connection';
    default:
      return 'is unreachable';
  }
}
