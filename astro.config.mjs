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

export default defineConfig({
  srcDir: './site/src',
  publicDir: './site/public',
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  vite: {
    plugins: [
      tailwindcss(),
      // The UI is Turkish: react-aria's strings for its other ~30 locales stay out of the bundle. en-US stays as well, as
      // react-aria's fallback: a browser set to any other language would find no strings at all and throw.
      optimizeLocales.vite({ locales: ['tr-TR', 'en-US'] }),
      // Only the browser build: the server bundles are not shipped to visitors.
      bundleMap && { ...bundleMap, applyToEnvironment: (env) => env.name === 'client' },
    ],
  },
  server: { port: Number(process.env.PORT ?? 8787), host: '127.0.0.1' },
  devToolbar: { enabled: false },
});
