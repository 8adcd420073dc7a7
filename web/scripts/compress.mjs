// After `vite build`: a .br and a .gz beside every compressible asset, so the api serves them
// pre-compressed (@fastify/static `preCompressed`) without spending CPU per request. The public JS is
// ~525 KB raw and ~164 KB gzipped; on a phone that difference is most of the first load.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
let files = 0;
let raw = 0;
let br = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (compressible.test(name) && !name.endsWith('.map')) {
      const content = readFileSync(path);
      if (content.length < 1024) continue;
      const brotli = brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      });
      writeFileSync(`${path}.br`, brotli);
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      files++;
      raw += content.length;
      br += brotli.length;
    }
  }
};
walk(dist);
console.log(
  `compressed ${files} files: ${(raw / 1024).toFixed(0)} KB raw, ${(br / 1024).toFixed(0)} KB brotli`,
);
