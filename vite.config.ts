import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

/**
 * A feature's doors (src/client/features/<d>/index.ts and admin/index.ts) only name what others may
 * use: told that they have no side effects, the bundler follows an import through a door to the
 * file that defines the name, so a page that takes one part of a feature loads that part, not
 * every file the door names (a door's other names would otherwise be in the page's chunk: the home
 * page's sections below the fold in its first load, 117.2 KB gzip instead of 106.9 KB).
 */
function featureDoorsHaveNoSideEffects(): Plugin {
  const door = /\/src\/client\/features\/[^/]+\/(admin\/)?index\.ts$/;
  return {
    name: 'feature-doors-have-no-side-effects',
    transform(code, id) {
      if (door.test(id)) return { code, map: null, moduleSideEffects: false };
    },
  };
}

// The client build. OUT_DIR lets parallel end-to-end runs build side by side (default dist/client).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [react(), vanillaExtractPlugin(), featureDoorsHaveNoSideEffects()],
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
    rollupOptions: {
      output: {
        // The icons that four or more chunks share in one chunk instead of one tiny chunk each (fewer
        // requests before a page is ready); an icon of one page or of the admin stays with its code,
        // so a visitor's first load no longer carries every admin icon (3.6 kB gzip on /blog).
        codeSplitting: isSsrBuild
          ? undefined
          : {
              groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react/, minShareCount: 4 }],
            },
      },
    },
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
