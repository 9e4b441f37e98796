import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API process listens on 8080 in development; the dev server forwards its paths there. */
const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // The contracts' browser entry is bundled from its TypeScript sources, as ES modules that tree-shake.
  resolve: {
    alias: { '@stardeck/contracts/browser': fileURLToPath(new URL('../../contracts/src/browser.ts', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/v1': API_ORIGIN,
      '/health': API_ORIGIN,
      '/ready': API_ORIGIN,
      // The live channel: Socket.IO's polling requests and its websocket upgrade.
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
});
