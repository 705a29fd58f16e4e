import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// The client build. OUT_DIR lets parallel end-to-end runs build side by side (default dist/client).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [react(), vanillaExtractPlugin()],
  // Icons bundled into the server renderer, so only the ones the pages use are loaded: as an
  // external package, lucide-react's whole index (1.3 MB of source and every icon) sat in the
  // server's memory (issue 24).
  ssr: { noExternal: ['lucide-react'] },
  build: {
    // The server-rendering bundle goes beside the client build (dist/ssr next to dist/client).
    outDir: isSsrBuild
      ? `${process.env.OUT_DIR ?? '../../dist/client'}/../ssr`
      : (process.env.OUT_DIR ?? '../../dist/client'),
    emptyOutDir: true,
    // The server reads the manifest to preload the current page's code and styles.
    manifest: !isSsrBuild,
    // Source maps for the browser's developer tools (and Lighthouse's best practices).
    sourcemap: !isSsrBuild,
    target: 'es2022',
    // No chunk group for the icons: a group of all of them put the admin's icons in every public
    // page's first load; each page now gets only the icons it shows (docs/decisions/0016).
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/trpc': apiTarget,
      '/objects': apiTarget,
    },
  },
}));
