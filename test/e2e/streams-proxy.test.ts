/**
 * `proxy` against the local server: an HTTP client reads `/api/v1/namespaces` through it with the
 * user's credentials; a request whose Host is not local, and an exec path, are refused; a UNIX
 * socket, `--api-prefix` and `--www` static files.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { openStreamsEnv, type StreamsEnv } from './streams-support.js';
import { waitFor } from './streams-support.js';

const NS = 'streams-proxy';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = a !== null && typeof a === 'object' ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function httpGet(target: { port?: number; socketPath?: string }, path: string, host?: string): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...(target.socketPath !== undefined ? { socketPath: target.socketPath } : { host: '127.0.0.1', port: target.port }), path, agent: false, headers: host === undefined ? {} : { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type'] ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('proxy', () => {
  let s: StreamsEnv;
  before(async () => {
    s = await openStreamsEnv(NS);
  });
  after(async () => {
    await s?.close();
  });

  test('serves /api/v1/namespaces with the user credentials; refuses a non-local Host and exec paths', async () => {
    const port = await freePort();
    const stop = new AbortController();
    const proxy = s.cli(['proxy', `--port=${port}`], { signal: stop.signal });
    try {
      const list = await waitFor('the proxy', () => httpGet({ port }, '/api/v1/namespaces').catch(() => undefined));
      assert.equal(list.status, 200);
      assert.match(list.type, /^application\/json/);
      const names = (JSON.parse(list.body) as { items: { metadata: { name: string } }[] }).items.map((n) => n.metadata.name);
      assert.ok(names.includes(NS) && names.includes('default'), names.join(','));
      const viaLocalhost = await httpGet({ port }, '/api/v1/namespaces/default', `localhost:${port}`);
      assert.equal(viaLocalhost.status, 200);
      const evil = await httpGet({ port }, '/api/v1/namespaces', `evil.example.com:${port}`);
      assert.deepEqual({ status: evil.status, body: evil.body }, { status: 403, body: 'Forbidden\n' });
      const exec = await httpGet({ port }, `/api/v1/namespaces/${NS}/pods/x/exec?command=sh`);
      assert.equal(exec.status, 403);
      // The filter sees the path decoded, as Go's handlers do: an escaped `exec` or `attach` is refused
      // too (matched as written, it reached the API server, which decodes it), and a malformed escape is a 400.
      for (const path of ['%65xec', 'ex%65c', 'exec%2F', '%61ttach']) {
        assert.equal((await httpGet({ port }, `/api/v1/namespaces/${NS}/pods/x/${path}?command=sh`)).status, 403, path);
      }
      assert.equal((await httpGet({ port }, `/api/v1/namespaces/${NS}/pods/x/%zz`)).status, 400);
      const missing = await httpGet({ port }, `/api/v1/namespaces/${NS}/configmaps/nope`);
      assert.equal(missing.status, 404);
      assert.equal((JSON.parse(missing.body) as { reason: string }).reason, 'NotFound');
    } finally {
      stop.abort();
    }
    const r = await proxy;
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `Starting to serve on 127.0.0.1:${port}\n`);
  });

  test('a client that goes away mid-body, and one that sends too much, leave the proxy serving', async () => {
    const port = await freePort();
    const stop = new AbortController();
    const proxy = s.cli(['proxy', `--port=${port}`], { signal: stop.signal });
    try {
      await waitFor('the proxy', () => httpGet({ port }, '/version').catch(() => undefined));
      const head = 'POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`${head}Content-Length: 100000\r\n\r\n{"a":`);
          setTimeout(() => socket.destroy(), 200);
        });
        socket.once('close', () => resolve());
        socket.once('error', reject);
      });
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`${head}Content-Length: ${70 * 1024 * 1024}\r\n\r\n`);
          const chunk = Buffer.alloc(1024 * 1024, 0x20);
          const pump = (): void => {
            while (!socket.destroyed && socket.write(chunk));
            if (!socket.destroyed) socket.once('drain', pump);
          };
          pump();
        });
        let text = '';
        socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
        socket.once('close', () => resolve(text));
        socket.once('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? resolve(text) : reject(e)));
      });
      assert.match(answer, /^HTTP\/1\.1 413 [^]*\r\n\r\n[^]*request body too large\n/);
      assert.equal((await httpGet({ port }, '/version')).status, 200, 'still serving');
    } finally {
      stop.abort();
    }
    const r = await proxy;
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
  });

  test('--unix-socket, --api-prefix, --www with --www-prefix, --accept-hosts', async () => {
    const www = join(s.dir, 'www');
    await mkdir(www);
    await writeFile(join(www, 'hello.txt'), 'static hello\n');
    const socketPath = join(s.dir, 'proxy.sock');
    const stop = new AbortController();
    const proxy = s.cli(['proxy', `--unix-socket=${socketPath}`, '--api-prefix=/k8s-api', `--www=${www}`, '--www-prefix=/files/', '--accept-hosts=^evil\\.example$'], { signal: stop.signal });
    try {
      const version = await waitFor('the proxy', () => httpGet({ socketPath }, '/k8s-api/version', 'evil.example').catch(() => undefined));
      assert.equal(version.status, 200);
      assert.match(version.body, /"gitVersion"/);
      assert.equal((await httpGet({ socketPath }, '/files/hello.txt', 'evil.example')).body, 'static hello\n');
      await writeFile(join(www, 'with space.txt'), 'spaced\n');
      assert.equal((await httpGet({ socketPath }, '/files/with%20space.txt', 'evil.example')).body, 'spaced\n');
      assert.equal((await httpGet({ socketPath }, '/files/%2e%2e/%2e%2e/etc/passwd', 'evil.example')).status, 301);
      // `..` never reaches outside the static files: the path is redirected to its clean form, which is no static file.
      assert.equal((await httpGet({ socketPath }, '/files/../../etc/passwd', 'evil.example')).status, 301);
      assert.equal((await httpGet({ socketPath }, '/etc/passwd', 'evil.example')).status, 404);
      // An unclean path is redirected to the clean one, as Go's ServeMux does (kubectl's suite
      // polls `//custom/healthz`); `//x` is a path, not a host.
      assert.equal((await httpGet({ socketPath }, '//k8s-api/version', 'evil.example')).status, 301);
      // A directory without index.html is listed, as Go's file server lists it (kubectl's suite asks for /static/).
      await mkdir(join(www, 'sub'));
      const listing = await httpGet({ socketPath }, '/files/', 'evil.example');
      assert.equal(listing.status, 200);
      assert.equal(listing.body, '<!doctype html>\n<meta name="viewport" content="width=device-width">\n<pre>\n<a href="hello.txt">hello.txt</a>\n<a href="sub/">sub/</a>\n<a href="with%20space.txt">with space.txt</a>\n</pre>\n');
      assert.equal((await httpGet({ socketPath }, '/k8s-api/version', 'localhost')).status, 403, 'only the accepted hosts');
    } finally {
      stop.abort();
    }
    const r = await proxy;
    assert.equal(r.stdout, `Starting to serve on ${socketPath}\n`);
  });
});
