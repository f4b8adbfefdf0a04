import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import {
  addressInUseIn, addressInUseMessage, bindsAllAddressesMessage, CHECK_DELAYS_MS, WildcardListenerChecks, type ListenerOwner,
} from '../../../../src/server/node/agent/wildcard-listeners.js';
import type { LogEntry } from '../../../../src/server/node/logs/cri-format.js';
import { groupWildcardListeners, parseWildcardListeners } from '../../../../src/server/node/runtime/process/listeners.js';
import { HAS_PROC } from '../../../../src/server/node/runtime/process/proc.js';
import type { WildcardListener } from '../../../../src/server/node/runtime/runtime.js';

const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4101 1 0000000000000000 100 0 0 10 0
   1: 0500017F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4102 1 0000000000000000 100 0 0 10 0
   2: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4103 1 0000000000000000 100 0 0 10 0
   3: 00000000:1F91 0500017F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 4104 1 0000000000000000 100 0 0 10 0
`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 6101 1 0000000000000000 100 0 0 10 0
   1: 00000000000000000000000001000000:1F92 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 6102 1 0000000000000000 100 0 0 10 0
`;

function entry(content: string): LogEntry {
  return { time: '2026-01-01T00:00:00Z', stream: 'stderr', partial: false, content };
}

describe('listeners on all addresses', () => {
  test('/proc/net/tcp and tcp6: only LISTEN sockets on all-zero addresses, by inode, of one user when asked', () => {
    assert.deepEqual([...parseWildcardListeners(TCP)], [['4101', { address: '0.0.0.0', port: 8080 }], ['4103', { address: '0.0.0.0', port: 22 }]]);
    assert.deepEqual([...parseWildcardListeners(TCP, 1000)], [['4101', { address: '0.0.0.0', port: 8080 }]]);
    assert.deepEqual([...parseWildcardListeners(TCP6, 1000)], [['6101', { address: '::', port: 8080 }]]);
    assert.deepEqual([...parseWildcardListeners('')], []);
  });

  test('the messages say which address and port, that every pod loses the port, and how to listen on the pod IP', () => {
    const m = bindsAllAddressesMessage('web', [{ address: '::', port: 8080 }], '127.1.0.5');
    assert.match(m, /^Container web listens on all addresses \(\[::\]:8080\)/);
    assert.match(m, /takes port 8080 for every pod on this node/);
    assert.match(m, /status\.podIP, here 127\.1\.0\.5/);
    assert.match(m, /POD_IP .*fieldRef: \{fieldPath: status\.podIP\}/);
    assert.match(bindsAllAddressesMessage('web', [{ address: '0.0.0.0', port: 80 }, { address: '::', port: 9090 }], undefined), /\(0\.0\.0\.0:80 and \[::\]:9090\).*ports 80, 9090/);
    const crash = addressInUseMessage('web', [{ pod: 'demo/web-1', container: 'web', listeners: [{ address: '::', port: 8080 }] }]);
    assert.match(crash, /^Container web exited with "address already in use": pod demo\/web-1 \(container web\) listens on all addresses \(\[::\]:8080\), which takes port 8080 for every pod on this node\./);
  });

  test('"address already in use" in the last log lines, with the port where the program names it', () => {
    assert.deepEqual(addressInUseIn([entry('node:events:497'), entry('Error: listen EADDRINUSE: address already in use :::8080')]), { port: 8080 });
    assert.deepEqual(addressInUseIn([entry('Error: listen EADDRINUSE: address already in use 127.1.0.9:3000')]), { port: 3000 });
    assert.deepEqual(addressInUseIn([entry('2026/01/01 listen tcp :8081: bind: address already in use')]), { port: 8081 });
    assert.deepEqual(addressInUseIn([entry('OSError: [Errno 98] Address already in use')]), { port: undefined });
    assert.equal(addressInUseIn([entry('Error: something else')]), undefined);
  });

  test('checks are batched a few times after a start, report an instance once, and stop', async () => {
    let now = 0;
    const scans: string[][] = [];
    const reported: string[] = [];
    let listening = new Map<string, WildcardListener[]>();
    const checks = new WildcardListenerChecks({
      scan: async (ids) => {
        scans.push([...ids].sort());
        return new Map([...listening].filter(([id]) => ids.includes(id)));
      },
      found: (id) => reported.push(id),
      now: () => now,
      log: () => undefined,
    });
    const owner = (name: string): ListenerOwner => ({ podUid: `uid-${name}`, name });
    checks.started('a', owner('a'));
    now = 300;
    checks.started('b', owner('b'));
    // The first check of both runs in one scan (due within a second of each other).
    now = CHECK_DELAYS_MS[0] ?? 0;
    await waitUntil(() => scans.length === 1);
    assert.deepEqual(scans[0], ['a', 'b']);
    listening = new Map([['b', [{ address: '::', port: 8080 }]]]);
    now = (CHECK_DELAYS_MS[1] ?? 0) + 300;
    await waitUntil(() => scans.length === 2);
    assert.deepEqual(reported, ['b']);
    // Reported once: a scan that finds it again (a crash elsewhere) does not report it again.
    const found = await checks.scanNow(new Map([['b', owner('b')]]));
    assert.deepEqual([...found.keys()], ['b']);
    assert.deepEqual(reported, ['b']);
    checks.exited('a');
    checks.stop();
    await checks.idle();
  });

  test('a process group listening on all addresses is found from /proc, one on a single address is not', { skip: HAS_PROC ? false : 'reads /proc (Linux only)' }, async () => {
    const program = (host: string): string => `require("net").createServer().listen(0${host === '' ? '' : `, "${host}"`}, () => console.log("up"))`;
    const children = ['', '127.0.0.1'].map((host) => spawn(process.execPath, ['-e', program(host)], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] }));
    try {
      await Promise.all(children.map((c) => new Promise((r) => c.stdout?.once('data', r))));
      const [all, one] = children.map((c) => c.pid ?? 0);
      const found = await groupWildcardListeners([all ?? 0, one ?? 0]);
      assert.deepEqual([...found.keys()], [all]);
      assert.ok(['::', '0.0.0.0'].includes(found.get(all ?? 0)?.[0]?.address ?? ''), 'node listens on :: where the machine has IPv6, else 0.0.0.0');
    } finally {
      for (const c of children) c.kill('SIGKILL');
    }
  });
});

async function waitUntil(ok: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
