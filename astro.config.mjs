import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

// BUNDLE_MAP=1 npm run build writes .bench/bundle-map.html (treemap, gzip sizes) and .bench/bundle-map.json (raw
// data) of the browser bundle: what each island pulls in.
const bundleMap = process.env.BUNDLE_MAP
  ? (await import('rollup-plugin-visualizer')).visualizer({
      filename: `.bench/bundle-map.${process.env.BUNDLE_MAP === 'json' ? 'json' : 'html'}`,
      template: process.env.BUNDLE_MAP === 'json' ? 'raw-data' : 'treemap',
      gzipSize: true,
      projectRoot: process.cwd(),
    })
  : null;

// @astrojs/cloudflare gives every chunk a `globalThis.process` shim as a banner, meant for the Worker's server bundle.
// The browser needs none (React reads `process` only behind a typeof check), and as ~40 bytes of gzip in each of a
// page's script files it cost the pitch page about 1.5 KB of its budget (docs/performance.md#budgets).
const PROCESS_BANNER = /^globalThis\.process\s*\?\?=\s*\{\}\s*[;,]\s*globalThis\.process\.env\s*\?\?=\s*\{\}\s*;\s*/;
const noBrowserProcessBanner = {
  name: 'no-browser-process-banner',
  applyToEnvironment: (env) => env.name === 'client',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === 'chunk') file.code = file.code.replace(PROCESS_BANNER, '');
  },
};

export default defineConfig({
  srcDir: './site/src',
  publicDir: './site/public',
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  vite: {
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // React, react-dom, the scheduler, Astro's React renderer and the nanostores hook load together on
              // every page with an island: one file instead of seven saves the per-file gzip overhead and six requests
              // (docs/performance.md#budgets). nanostores itself stays apart: pages without islands use it.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
    },
    plugins: [
      tailwindcss(),
      // The UI is Turkish: react-aria's strings for its other ~30 locales stay out of the bundle. en-US stays as well, as
      // react-aria's fallback: a browser set to any other language would find no strings at all and throw.
      optimizeLocales.vite({ locales: ['tr-TR', 'en-US'] }),
      noBrowserProcessBanner,
      // Only the browser build: the server bundles are not shipped to visitors.
      bundleMap && { ...bundleMap, applyToEnvironment: (env) => env.name === 'client' },
    ],
  },
  server: { port: Number(process.env.PORT ?? 8787), host: '127.0.0.1' },
  devToolbar: { enabled: false },
});
