// Writes .br and .gz beside every text asset of a build, so the server sends them compressed
// without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(file) && statSync(file).size >= 1024) {
      const bytes = readFileSync(file);
      const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${file}.br`, brotli);
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      files++;
      before += bytes.length;
      after += brotli.length;
    }
  }
}

walk(root);
console.log(`compressed ${files} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (brotli)`);
