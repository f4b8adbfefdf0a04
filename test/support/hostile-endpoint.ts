/**
 * A hostile HTTPS service for tests of the server's outbound calls: under a path starting with
 * `/endless` it answers 200 with a JSON body that never ends, under `/deep` with arrays nested
 * 100,000 levels deep, under `/drip` one byte every half second, forever; under `/ok`, `{}` at once. Its certificate is valid for 127.0.0.1; it writes client-config files.
 */
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateTlsMaterial } from '../../src/server/tls/certificates.js';

/** A running service. */
export interface HostileEndpoint {
  /** `https://127.0.0.1:<port>`. */
  url: string;
  caPem: string;
  /** Connections open now (a client that gave up has closed its own). */
  openConnections(): number;
  /** Connections made since the start. */
  connectionsMade(): number;
  /** Writes a client-config file whose server is `url` + `path`; returns its path. */
  writeConfig(dir: string, path: string): Promise<string>;
  stop(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** Writes until the client goes away, waiting for the socket to drain in between. */
function endless(res: ServerResponse): void {
  res.write('{"apiVersion":"x","padding":"');
  const more = (): void => {
    while (!res.destroyed && res.write(CHUNK));
    if (!res.destroyed) res.once('drain', more);
  };
  more();
}

/** Starts the service. */
export async function startHostileEndpoint(): Promise<HostileEndpoint> {
  const tls = await generateTlsMaterial(Date.now());
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    req.resume();
    const kind = new URL(req.url ?? '/', 'https://x').pathname.split('/')[1] ?? '';
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (kind === 'endless') {
      endless(res);
      return;
    }
    if (kind === 'ok') {
      res.end('{}');
      return;
    }
    if (kind === 'deep') {
      res.end(`{"apiVersion":"x","kind":"x","status":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
      return;
    }
    const timer = setInterval(() => res.write(' '), 500);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  let open = 0;
  let made = 0;
  server.on('secureConnection', (socket) => {
    open++;
    made++;
    socket.once('close', () => open--);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (addr === null || typeof addr !== 'object') throw new Error('no address');
  const url = `https://127.0.0.1:${addr.port}`;
  return {
    url,
    caPem: tls.caPem,
    openConnections: () => open,
    connectionsMade: () => made,
    async writeConfig(dir, path) {
      const file = join(dir, `${path.replace(/\W/g, '_')}.kubeconfig`);
      await writeFile(file, [
        'apiVersion: v1', 'kind: Config',
        'clusters:', '- name: hostile', '  cluster:', `    server: ${url}${path}`, `    certificate-authority-data: ${Buffer.from(tls.caPem).toString('base64')}`,
        'users:', '- name: apiserver', '  user: {}',
        'contexts:', '- name: hostile', '  context:', '    cluster: hostile', '    user: apiserver',
        'current-context: hostile', '',
      ].join('\n'), { mode: 0o600 });
      return file;
    },
    stop: () => new Promise<void>((r) => {
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
