declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
  }
}

/** Text files read whole by the tests that keep docs/ true (Vite's `?raw`). */
declare module '*?raw' {
  const text: string;
  export default text;
}
