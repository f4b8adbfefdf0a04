/**
 * The SDK's port-forward over one SPDY tunnel per pod, against the local server's process node: 100
 * connections at once share one tunnel WebSocket (the audit log records one `pods/portforward`
 * session); a connection to a port nobody listens on fails and is reported while a concurrent one
 * on the same tunnel goes on; a client's end of input half-closes its stream and the pod's answer
 * still comes; a healing forward's tunnel to a pod that went is closed, and new connections get a
 * tunnel to the new pod; a tunnel (or a per-connection session) lost mid-answer resets the
 * connections it carried and reports them, and the next connection gets a new one; the
 * per-connection protocol (what a server without the tunnel gets) still works, and a server that
 * refuses the tunnel's upgrade gets it without being asked.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createClient, type PlatformClient } from '../../src/sdk/client.js';
import type { PortForward, PortForwardOptions, PortMapping } from '../../src/sdk/streams/port-forward.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { startFront, type FrontHooks } from '../support/stream-protocol-shim.js';
import { ask, readyPods, rolloutRestart, webDeployment } from './port-forward-support.js';
import { nodeContainer, openStreamsEnv, podOf, SKIP_NODE, waitFor, type StreamsEnv } from './streams-support.js';

const NS = 'pf-tunnel';

/** An HTTP server on 8080 (`/slow` answers in two parts 400 ms apart) and on 9090 a TCP server that answers once its client has ended its input. */
const SERVER = [
  "const http = require('http'); const net = require('net');",
  "http.createServer((req, res) => {",
  "  if (req.url === '/slow') { res.write('first '); setTimeout(() => res.end('last'), 400); return; }",
  "  res.end('pod ' + req.url);",
  "}).listen(8080, process.env.POD_IP);",
  "net.createServer({ allowHalfOpen: true }, (s) => { let got = ''; s.setEncoding('utf8');",
  "  s.on('data', (c) => (got += c)); s.on('end', () => s.end('after your end: ' + got.toUpperCase())); }).listen(9090, process.env.POD_IP);",
].join(' ');

function get(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Asks for `/slow` and calls `cut` once its first part has come; says how the request ended. Node
 * reports a reset on the request or a cut on the response, by version.
 */
function cutAnswer(port: number, cut: () => void): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/slow', agent: false }, (res) => {
      res.setEncoding('utf8');
      res.once('data', cut);
      res.on('error', (e) => resolve(e.message));
      res.on('end', () => resolve('a whole answer'));
    });
    req.on('error', (e) => resolve(`request: ${e.message}`));
    req.end();
  });
}

/** Sends `text`, half-closes, and reads until the other side ends. */
function halfClose(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (got += c));
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
    socket.end(text);
  });
}

/** The refusal of a server without the SPDY tunnel, to an upgrade that offers only the tunnel. */
function refuseTunnel(req: IncomingMessage): string | undefined {
  if (!String(req.headers['sec-websocket-protocol'] ?? '').includes('SPDY/3.1+portforward')) return undefined;
  const body = JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'unable to upgrade connection: requested protocol(s) are not supported', reason: 'BadRequest', code: 400 });
  return `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

describe('port-forward over one tunnel per pod', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  let client: PlatformClient;
  const auditPath = join(process.env.TMPDIR ?? '/tmp', `pf-tunnel-audit-${process.pid}-${Date.now()}.log`);

  /** The `pods/portforward` sessions of pod `name` the audit log has recorded as switched (101). */
  async function sessions(name: string): Promise<number> {
    const text = await readFile(auditPath, 'utf8').catch(() => '');
    return text.trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => {
      const ref = e.objectRef as { subresource?: string; name?: string } | undefined;
      return ref?.subresource === 'portforward' && ref.name === name && (e.responseStatus as { code?: number }).code === 101;
    }).length;
  }

  /** Forwards to pod `name`, runs `body`, closes the forward, and says how many sessions it opened. */
  async function forwarding(name: string, mappings: PortMapping[], options: PortForwardOptions, body: (f: PortForward) => Promise<void>): Promise<number> {
    const before = await sessions(name);
    const forward = await client.pods(NS).portForward(name, mappings, { addresses: ['127.0.0.1'], ...options });
    try {
      await body(forward);
    } finally {
      await forward.close();
    }
    // A session is recorded when it ends; the count is read once it no longer grows.
    let last = -1;
    return waitFor('the audit log to settle', async () => {
      const now = (await sessions(name)) - before;
      const settled = now > 0 && now === last;
      last = now;
      if (!settled) await new Promise((r) => setTimeout(r, 200));
      return settled ? now : undefined;
    });
  }

  before(async () => {
    s = await openStreamsEnv(NS, { admission: { auditLogPath: auditPath }, workloads: true });
    const env = [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }];
    for (const name of ['web', 'other']) {
      await s.runPod(podOf(name, { containers: [nodeContainer('main', SERVER, { env, readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 } })] }), true);
    }
    client = createClient({ server: s.server.url, caData: s.server.caPem, bearerToken: s.server.adminToken, namespace: NS }, { env: {} });
  });
  after(async () => {
    await s?.close();
    await closeAllDispatchers();
    await rm(auditPath, { force: true });
  });

  test('100 connections at once go through one tunnel WebSocket', async () => {
    const opened = await forwarding('web', [{ local: 0, remote: 8080 }], {}, async (forward) => {
      const port = forward.ports[0]?.local ?? 0;
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => get(port, `/r${i}`)));
      assert.deepEqual(answers, Array.from({ length: 100 }, (_, i) => `pod /r${i}`));
      assert.equal(await get(port, '/again'), 'pod /again', 'the tunnel takes connections after a burst');
    });
    assert.equal(opened, 1, 'one session for the whole forward');
  });

  test('a connection to a port nobody listens on fails alone and is reported; a concurrent one goes on', async () => {
    const errors: string[] = [];
    const opened = await forwarding('other', [{ local: 0, remote: 8080 }, { local: 0, remote: 8089 }], { onError: (e, m) => errors.push(`${m.remote} ${e.message}`) }, async (forward) => {
      const [live, dead] = [forward.ports[0]?.local ?? 0, forward.ports[1]?.local ?? 0];
      const slow = get(live, '/slow');
      await assert.rejects(get(dead, '/'));
      assert.equal(await slow, 'first last');
      assert.equal(await get(live, '/after'), 'pod /after');
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(errors[0] ?? '', new RegExp(`^8089 an error occurred forwarding ${dead} -> 8089: error forwarding port 8089 to pod other, uid \\S+: failed to connect to \\S+:8089 inside namespace of the pod: .*ECONNREFUSED`));
    });
    assert.equal(opened, 1, 'both ports of the pod share its tunnel');
  });

  test("a client's end of input half-closes its stream; the pod's answer still comes back", async () => {
    await forwarding('web', [{ local: 0, remote: 9090 }], {}, async (forward) => {
      const port = forward.ports[0]?.local ?? 0;
      const answers = await Promise.all(['one', 'two', 'three'].map((t) => halfClose(port, t)));
      assert.deepEqual(answers, ['after your end: ONE', 'after your end: TWO', 'after your end: THREE']);
    });
  });

  test("a healing forward closes its tunnel to a pod that went; new connections get the new pod's", async () => {
    await s.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, webDeployment('heal', 1));
    // Ready, not only running: its server listens once the readiness probe has answered.
    const [first] = await waitFor('a ready pod', async () => {
      const pods = await readyPods(s, 'heal');
      return pods.length === 1 ? pods : undefined;
    }, 30_000);
    const forward = await client.portForward({ kind: 'deployment', name: 'heal', ports: [{ local: 0, remote: 'http' }], addresses: ['127.0.0.1'] });
    let next = '';
    try {
      const port = forward.ports[0]?.local ?? 0;
      assert.deepEqual(await Promise.all([ask(port), ask(port), ask(port)]), [first, first, first]);
      await rolloutRestart(s, 'heal');
      next = await waitFor('an answer from the new pod', async () => {
        const a = await ask(port);
        return typeof a === 'string' && a !== first && a !== '' ? a : undefined;
      }, 60_000);
      // The audit log records a session when it ends: the old pod's tunnel has, while the forward runs.
      await waitFor("the old pod's tunnel to close", async () => ((await sessions(first ?? '')) === 1 ? true : undefined));
      assert.equal(await sessions(next), 0, "the new pod's tunnel is open");
      assert.deepEqual(await Promise.all([ask(port), ask(port)]), [next, next]);
    } finally {
      await forward.close();
    }
    await waitFor("the new pod's tunnel to close with the forward", async () => ((await sessions(next)) === 1 ? true : undefined));
    assert.equal(await sessions(first ?? ''), 1, 'one tunnel to each pod');
  });

  test('a server that refuses the tunnel upgrade gets one session per connection, without being asked', async () => {
    let refused = 0;
    const front = await startFront(s.server.url, {
      refuseUpgrade: (req) => {
        const refusal = refuseTunnel(req);
        if (refusal !== undefined) refused++;
        return refusal;
      },
    });
    const viaFront = createClient({ server: front.url, bearerToken: s.server.adminToken, namespace: NS }, { env: {} });
    try {
      const before = await sessions('web');
      const forward = await viaFront.pods(NS).portForward('web', [{ local: 0, remote: 8080 }], { addresses: ['127.0.0.1'] });
      try {
        const port = forward.ports[0]?.local ?? 0;
        const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => get(port, `/f${i}`)));
        assert.deepEqual(answers, Array.from({ length: 5 }, (_, i) => `pod /f${i}`));
        assert.equal(await get(port, '/later'), 'pod /later', 'a later connection takes the same way');
      } finally {
        await forward.close();
      }
      assert.ok(refused >= 1, 'the tunnel was asked for first');
      const opened = await waitFor('the audit log to record the sessions', async () => {
        const n = (await sessions('web')) - before;
        return n >= 6 ? n : undefined;
      });
      assert.equal(opened, 6, 'a session per connection, and no tunnel');
    } finally {
      await front.close();
    }
  });

  /**
   * Forwards to `web` through a front whose upgraded connections `body` can drop (the network
   * goes), with `hooks` for the front; gives `body` the local port, the drops so far and the
   * errors reported. Waits for the audit log to record the sessions it opened.
   */
  async function forwardingThroughDroppingFront(hooks: FrontHooks, body: (port: number, drops: (() => void)[], errors: string[]) => Promise<void>): Promise<void> {
    const drops: (() => void)[] = [];
    const front = await startFront(s.server.url, { ...hooks, upgraded: (drop) => void drops.push(drop) });
    const viaFront = createClient({ server: front.url, bearerToken: s.server.adminToken, namespace: NS }, { env: {} });
    const errors: string[] = [];
    const before = await sessions('web');
    try {
      const forward = await viaFront.pods(NS).portForward('web', [{ local: 0, remote: 8080 }], { addresses: ['127.0.0.1'], onError: (e) => errors.push(e.message) });
      try {
        await body(forward.ports[0]?.local ?? 0, drops, errors);
      } finally {
        await forward.close();
      }
      // Both sessions are in the audit log before the next test counts its own.
      await waitFor('the audit log to record both sessions', async () => ((await sessions('web')) - before >= 2 ? true : undefined));
    } finally {
      await front.close();
    }
  }

  test('a tunnel lost mid-forward resets the connections it carried and reports them; the next connection opens a new tunnel', async () => {
    await forwardingThroughDroppingFront({}, async (port, drops, errors) => {
      assert.equal(await get(port, '/before'), 'pod /before');
      assert.match(await cutAnswer(port, () => drops.forEach((drop) => drop())), /ECONNRESET|aborted/, 'the client sees its answer cut, not a whole one');
      assert.deepEqual(errors, [`an error occurred forwarding ${port} -> 8080: lost connection to pod`]);
      assert.equal(await get(port, '/after'), 'pod /after', 'a new tunnel for the next connection');
      assert.equal(drops.length, 2, 'the first tunnel, then a second one');
    });
  });

  test('a per-connection session lost mid-answer resets its connection and is reported', async () => {
    await forwardingThroughDroppingFront({ refuseUpgrade: refuseTunnel }, async (port, drops, errors) => {
      assert.match(await cutAnswer(port, () => drops.splice(0).forEach((drop) => drop())), /ECONNRESET|aborted/);
      assert.deepEqual(errors, [`an error occurred forwarding ${port} -> 8080: lost connection to pod`]);
      assert.equal(await get(port, '/after'), 'pod /after');
    });
  });

  test('the per-connection protocol (the fallback for servers without the tunnel) opens a session per connection', async () => {
    const opened = await forwarding('web', [{ local: 0, remote: 8080 }], { protocol: 'per-connection' }, async (forward) => {
      const port = forward.ports[0]?.local ?? 0;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => get(port, `/c${i}`)));
      assert.deepEqual(answers, Array.from({ length: 10 }, (_, i) => `pod /c${i}`));
    });
    assert.equal(opened, 10);
  });
});
