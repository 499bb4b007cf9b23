import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, type Context, type ContextManager } from '@opentelemetry/api';

/**
 * OpenTelemetry's active context kept in an AsyncLocalStorage: the span of an HTTP request or a NATS message (and
 * the message's log fields) follow the work through awaits, timers and callbacks. A minimal version of
 * `@opentelemetry/context-async-hooks` (not a dependency): event emitters are not patched, which the platform
 * does not need.
 */
export class AsyncLocalStorageContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();

  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const callback = thisArg === undefined ? fn : (fn.bind(thisArg) as F);
    return this.storage.run(context, callback, ...args);
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const run = (thisArg: unknown, args: unknown[]): unknown =>
      this.storage.run(context, () => (target as (...a: unknown[]) => unknown).apply(thisArg, args));
    return function (this: unknown, ...args: unknown[]) {
      return run(this, args);
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.storage.disable();
    return this;
  }
}
