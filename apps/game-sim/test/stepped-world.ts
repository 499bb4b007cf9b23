import { FRM_ENDPOINTS } from '../src/world/frm-view';
import { World } from '../src/world/world';

/**
 * A world for unit tests: stepped by hand (`step(n)` = n seconds), never by the clock (it starts a day in the
 * future, so the control API's catch-up to "now" changes nothing), and read through FRM's endpoints as JSON.
 */
export class SteppedWorld {
  readonly world: World;
  private readonly start = Date.now() + 86_400_000;
  private seconds = 0;

  constructor(seed: number, options: { autoPause?: boolean } = {}) {
    this.world = new World(seed, this.start);
    this.world.autoPause = options.autoPause ?? false;
  }

  step(seconds = 1): void {
    this.seconds += seconds;
    this.world.advanceTo(this.start + this.seconds * 1000);
  }

  /** An endpoint's answer as a client parses it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests probe the JSON's shape
  frm(endpoint: string): any {
    const render = FRM_ENDPOINTS[endpoint];
    if (!render) throw new Error(`no endpoint ${endpoint}`);
    return JSON.parse(JSON.stringify(render(this.world)));
  }
}
