import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

export default defineConfig({
  srcDir: './site/src',
  publicDir: './site/public',
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
  server: { port: Number(process.env.PORT ?? 8787), host: '127.0.0.1' },
  devToolbar: { enabled: false },
});
