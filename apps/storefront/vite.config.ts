import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli and gzip copies of the browser's scripts and styles, made once at build time at the
 * highest levels; the server sends one of them in place of the file when the browser accepts it.
 */
function precompress(): Plugin {
  return {
    name: "shop:precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (this.environment.name !== "client" || !dir) return;
      const files = Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const data = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
            gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    assetsInlineLimit: 0,
    // A lazily loaded chunk (the editor, the shop's blocks) fetches its imports when it loads: the
    // list of them would otherwise ride in the visitor's chunks that merely could load it.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === "js" ? [] : deps) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and React Router in one chunk that every page loads anyway: left to the automatic
            // splitting, each new route reshuffled them into more chunks that compress worse apart.
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // The cart's form fields and its window events: every page with the layout loads both, and
            // the shop's lazily loaded blocks share them; left apart they were two chunks.
            { name: "cart-form-fields", test: /features[\\/]cart[\\/](cart-events|cart-form-fields)\.tsx?$/ },
          ],
        },
      },
    },
  },
});
