import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const serverPort = process.env.PORT ?? '3000';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each built script, style sheet and
 * image, which the server sends as they are (@fastify/static's preCompressed): the assets
 * are compressed once, at their best, instead of on every request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'cca:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(path.join(outDir, file));
          await writeFile(
            path.join(outDir, `${file}.br`),
            await promisify(brotliCompress)(content),
          );
          await writeFile(
            path.join(outDir, `${file}.gz`),
            await promisify(gzip)(content, { level: constants.Z_BEST_COMPRESSION }),
          );
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompressAssets()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${serverPort}` } },
  },
});
