// workerd provides node:async_hooks under the nodejs_compat flag; the generated runtime types do not declare it. Only
// what lib/timing.ts uses.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
