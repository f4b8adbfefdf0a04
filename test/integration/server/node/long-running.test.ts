/**
 * Long-running requests outlive the server's request deadline: a followed log and an exec session
 * stream for longer than a body may take to arrive (kube-apiserver exempts them from its timeout).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:https';
import WebSocket from 'ws';
import { STREAM_PROTOCOLS } from '../../../../src/sdk/naming.js';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, at } from '../../../support/api.js';
import { fastNode, nodeContainer, podOf, waitForPod } from './support.js';

const NS = 'long-running';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const DEADLINE_MS = 500;
/** A program that prints a tick every 100 ms for `ms`, then exits. */
const ticks = (ms: number): string => `let n=0;const t=setInterval(()=>{console.log('tick '+(++n))},100);setTimeout(()=>{clearInterval(t)},${ms});`;

describe('long-running requests get no deadline', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer({ node: fastNode(), bodyTimeoutMs: DEADLINE_MS });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: NS } });
    const created = await api.post(PODS, podOf('ticker', { restartPolicy: 'Never', containers: [nodeContainer('c', `${ticks(3000)}setInterval(()=>{},1000);`)] }));
    assert.equal(created.status, 201, created.text);
    await waitForPod(api, NS, 'ticker', 'running', (p) => at(p, 'status.phase') === 'Running');
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('a followed log streams past the deadline', async () => {
    const started = Date.now();
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(new URL(`${PODS}/ticker/log?follow=true`, server.url), { ca: server.caPem, agent: false, headers: { Authorization: `Bearer ${server.adminToken}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
          if (Date.now() - started > DEADLINE_MS * 4) {
            req.destroy();
            resolve(body);
          }
        });
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    assert.ok(Date.now() - started >= DEADLINE_MS * 4, `the log ended after ${Date.now() - started} ms`);
    assert.ok(text.split('\n').filter((l) => l.startsWith('tick')).length >= 15, text);
  });

  test('an exec session streams past the deadline and ends with its command', async () => {
    const query = ['command', process.execPath, 'command', '-e', 'command', ticks(DEADLINE_MS * 4), 'stdout', 'true'];
    const params = new URLSearchParams();
    for (let i = 0; i < query.length; i += 2) params.append(query[i] ?? '', query[i + 1] ?? '');
    const url = new URL(`${PODS}/ticker/exec?${params.toString()}`, server.url.replace('https:', 'wss:'));
    const started = Date.now();
    const { stdout, status } = await new Promise<{ stdout: string; status: string }>((resolve, reject) => {
      const ws = new WebSocket(url, [STREAM_PROTOCOLS.channelV4], { ca: server.caPem, headers: { Authorization: `Bearer ${server.adminToken}` } });
      let out = '';
      let result = '';
      ws.on('message', (data: Buffer) => {
        if (data[0] === 1) out += data.subarray(1).toString();
        if (data[0] === 3) result += data.subarray(1).toString();
      });
      ws.on('close', () => resolve({ stdout: out, status: result }));
      ws.on('error', reject);
    });
    assert.ok(Date.now() - started >= DEADLINE_MS * 4, `the session ended after ${Date.now() - started} ms`);
    assert.ok(stdout.split('\n').filter((l) => l.startsWith('tick')).length >= 15, stdout);
    assert.equal(at(JSON.parse(status) as unknown, 'status'), 'Success');
  });
});
