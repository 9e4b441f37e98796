import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API process listens on 8080 in development; the dev server forwards its paths there. */
const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/v1': API_ORIGIN,
      '/health': API_ORIGIN,
      '/ready': API_ORIGIN,
    },
  },
});
