// The web app's build: React through Vite into web-admin/dist, which the server serves at `/`. `npm run
// dev:web` serves it with hot reload and sends /api to a server on PORT (default 3000).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One chunk per page folder keeps the projector board and the scorer's tablet from loading the
    // organizer's console; recharts alone is most of the rest.
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
