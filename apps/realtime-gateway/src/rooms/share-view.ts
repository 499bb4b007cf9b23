import type { AddonStatusChanged, PollResult, ServerSnapshot, ServerStatusChanged } from '@app/contracts';

/*
 * What share / overlay viewers see. A share link is public: it shows a server's data, never what only its members
 * may know. Error messages and reasons written by the poller name the server's address and ports ("connection
 * refused (203.0.113.7:7777)"), which the public share API never shows, so viewers get the code without them.
 */

/** A poll result for viewers: the error's code with a neutral sentence, the add-on check without its reason. */
export function pollForViewers(result: PollResult): PollResult {
  const error = result.error && {
    code: result.error.code,
    message: `The server could not be polled (${result.error.code}).`,
  };
  if (result.kind === 'addon') return { ...result, error, data: result.data && { ...result.data, reason: null } };
  return { ...result, error };
}

/** A status change for viewers: without the reason. */
export function statusForViewers(change: ServerStatusChanged): ServerStatusChanged {
  return { ...change, reason: null };
}

/** An add-on status change for viewers: without the reason. */
export function addonForViewers(change: AddonStatusChanged): AddonStatusChanged {
  return { ...change, reason: null };
}

/** A snapshot for viewers: without the last error and the add-on's reason. */
export function snapshotForViewers(snapshot: ServerSnapshot): ServerSnapshot {
  return { ...snapshot, lastError: null, addonReason: null, latest: snapshot.latest.map(pollForViewers) };
}
