import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.json': 'application/json', '.csv': 'text/csv; charset=utf-8', '.svg': 'image/svg+xml', '.txt': 'text/plain',
  '.wasm': 'application/wasm', '.xml': 'application/xml', '.png': 'image/png', '.woff2': 'font/woff2',
};
/** Types a static host (GitHub Pages, Netlify, any CDN) sends gzipped to a client that accepts it. */
const COMPRESSED = new Set(['.html', '.css', '.js', '.mjs', '.json', '.csv', '.svg', '.txt', '.xml', '.wasm']);

/**
 * A tiny static file server for `dist/` on 127.0.0.1 (random port). Text responses are gzipped
 * when the client accepts it, as the site's host serves them, so Lighthouse and first-load figures
 * measure the bytes a reader downloads.
 */
export async function serveStatic(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const base = resolve(root);
  const gzipped = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(base, path));
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (COMPRESSED.has(extname(file)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let body = gzipped.get(file);
      if (!body) gzipped.set(file, (body = gzipSync(readFileSync(file))));
      res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'content-length': body.length, vary: 'accept-encoding' }).end(body);
      return;
    }
    res.writeHead(200, { 'content-type': type });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
