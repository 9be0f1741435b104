import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API lives on the Fastify server; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
});
