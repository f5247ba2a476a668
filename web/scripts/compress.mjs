// After `vite build`: writes a gzip (.gz) and a Brotli (.br) copy beside each text file of the
// built client, at the highest levels, where it is smaller than the file. `quartel serve` sends
// the copy the browser accepts (Content-Encoding), so nothing is compressed per request.
// Node's own zlib does both: no package is needed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const out = process.env.QUARTEL_WEB_OUT ?? 'dist';
const compressible = /\.(html|js|mjs|css|svg|json|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let before = 0;
let after = 0;
for (const path of [...files(out)]) {  // listed first: the copies are not compressed again
  if (!compressible.test(path)) continue;
  const body = readFileSync(path);
  const copies = {
    gz: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  };
  before += body.length;
  let smallest = body.length;
  for (const [extension, copy] of Object.entries(copies)) {
    if (copy.length < body.length) {
      writeFileSync(`${path}.${extension}`, copy);
      smallest = Math.min(smallest, copy.length);
    }
  }
  after += smallest;
}
console.log(`compressed the web client: ${before} bytes of text, ${after} with Brotli`);
