import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiFailure } from './api';

/** Any thrown value as the API's error shape, so every failure shows a message and a remedy. */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiFailure(0, 'ClientError', message, 'Reload the page; if it happens again, tell us.', null, null);
}

export interface Loaded<T> {
  /** undefined while loading (or after an error). */
  data: T | undefined;
  error: ApiFailure | null;
  loading: boolean;
  reload: () => void;
  /** Updates the loaded data in place (after a create or delete, without a round trip). */
  update: (change: (data: T) => T) => void;
}

/**
 * GETs `path` (null = not yet) and keeps the answer. A new path or `refreshKey` starts from "loading"; `reload()`
 * keeps showing the current data until the new answer arrives.
 */
export function useApi<T>(path: string | null, refreshKey: string = ''): Loaded<T> {
  const key = path === null ? null : `${refreshKey} ${path}`;
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ key: string | null; data?: T; error: ApiFailure | null; busy: boolean }>({
    key: null,
    error: null,
    busy: false,
  });

  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState((s) => (s.key === key ? { ...s, busy: true } : { key, error: null, busy: true }));
    void api<T>('GET', path).then(
      (data) => live && setState({ key, data, error: null, busy: false }),
      (error: unknown) => live && setState({ key, error: toFailure(error), busy: false }),
    );
    return () => {
      live = false;
    };
  }, [path, key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.data === undefined ? s : { ...s, data: change(s.data) })),
    [],
  );
  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : null,
    loading: !current || state.busy,
    reload,
    update,
  };
}

/**
 * A create / change / delete: `run` resolves true on success and keeps the failure for an ErrorNote. A second
 * `run` while one is pending is ignored, so buttons need not be disabled (a disabled button loses the focus).
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const busy = useRef(false);
  const run = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      setError(toFailure(e));
      return false;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { pending, error, run, clear };
}
