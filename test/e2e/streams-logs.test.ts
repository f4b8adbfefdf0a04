/**
 * `logs` against the local server's process node: a followed log sees lines written after it
 * started and ends on Ctrl-C (abort); `--previous` reads the crashed instance; `-l` reads several
 * pods with prefixes; controllers' pods by `deploy/NAME` and `job/NAME`; the limits of following.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { at } from '../support/api.js';
import { containerStatus, openStreamsEnv, programPod, SKIP_NODE, waitFor, waitForPod, type StreamsEnv } from './streams-support.js';

const NS = 'streams-logs';

describe('logs', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  before(async () => {
    s = await openStreamsEnv(NS);
  });
  after(async () => {
    await s?.close();
  });

  test('logs -f sees lines written after it started and ends on Ctrl-C', async () => {
    // The pod writes its late line once a trigger file exists: the test decides when that is.
    const trigger = join(s.dir, 'trigger');
    const program = `const fs = require('fs'); console.log('start'); const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(trigger)})) { console.log('late line'); clearInterval(t); setInterval(() => {}, 1000); } }, 50)`;
    await s.runPod(programPod('ticker', program));
    await waitFor('the first line', async () => ((await s.cli(['logs', 'ticker'])).stdout === 'start\n' ? true : undefined));
    const ctrlC = new AbortController();
    const following = s.cli(['logs', '-f', 'ticker'], { signal: ctrlC.signal });
    await new Promise((r) => setTimeout(r, 500));
    await writeFile(trigger, '');
    await waitFor('the late line in the log', async () => ((await s.cli(['logs', 'ticker'])).stdout.includes('late line') ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    const pressed = Date.now();
    ctrlC.abort();
    const r = await following;
    assert.ok(Date.now() - pressed < 5000, 'Ctrl-C ends the follow promptly');
    assert.equal(r.stdout, 'start\nlate line\n');
    assert.equal(r.stderr, '');
  });

  test('--previous reads the instance before a crash; --tail, --timestamps, --limit-bytes', async () => {
    const program = "console.log('run at ' + Date.now()); console.log('second'); setTimeout(() => process.exit(3), 300)";
    await s.api.post(`/api/v1/namespaces/${NS}/pods`, programPod('crasher', program, {}, { restartPolicy: 'Always' }));
    await waitForPod(s.api, NS, 'crasher', 'restarted', (p) => Number(containerStatus(p).restartCount) >= 1);
    const prev = await s.cli(['logs', '--previous', 'crasher']);
    assert.equal(prev.code, 0, prev.stderr);
    assert.match(prev.stdout, /^run at \d+\nsecond\n$/);
    const current = await waitFor('the current instance to log', async () => {
      const r = await s.cli(['logs', 'crasher']);
      return r.stdout.includes('second') ? r : undefined;
    });
    assert.notEqual(current.stdout, prev.stdout, 'the current instance has its own log');
    const tail = await s.cli(['logs', 'crasher', '-p', '--tail=1']);
    assert.equal(tail.stdout, 'second\n');
    const ts = await s.cli(['logs', 'crasher', '-p', '--timestamps']);
    assert.match(ts.stdout, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z run at \d+\n\S+Z second\n$/);
    const limited = await s.cli(['logs', 'crasher', '-p', '--limit-bytes=4']);
    assert.equal(limited.stdout, 'run ');
    const never = await s.cli(['logs', '--previous', 'ticker']);
    assert.equal(never.code, 1);
    assert.match(never.stderr, /^Error from server \(BadRequest\): previous terminated container "main" in pod "ticker" not found\n$/);
  });

  test('-l across several pods with --prefix; --max-log-requests bounds following', async () => {
    for (const name of ['web-a', 'web-b', 'web-c']) {
      await s.runPod(programPod(name, `console.log('hello from ${name}'); setInterval(() => {}, 1000)`, { app: 'web' }));
    }
    const r = await waitFor('three logs', async () => {
      const out = await s.cli(['logs', '-l', 'app=web', '--prefix']);
      return out.stdout.split('\n').filter(Boolean).length === 3 ? out : undefined;
    });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.split('\n').filter(Boolean).sort(), ['[pod/web-a/main] hello from web-a', '[pod/web-b/main] hello from web-b', '[pod/web-c/main] hello from web-c']);
    const tooMany = await s.cli(['logs', '-f', '-l', 'app=web', '--max-log-requests=2']);
    assert.equal(tooMany.code, 1);
    assert.equal(tooMany.stderr, 'error: you are attempting to follow 3 log streams, but maximum allowed concurrency is 2, use --max-log-requests to increase the limit\n');
    const none = await s.cli(['logs', '-l', 'app=none']);
    assert.equal(none.code, 0);
    assert.equal(none.stderr, `No resources found in ${NS} namespace.\n`);
  });

  test('deploy/NAME and job/NAME read a pod their selector picks; --pod-running-timeout', async () => {
    // The objects select pods by label; the pods are made here so that the test does not depend on
    // the workload controllers (replicas 0 and a suspended Job keep them from adding their own).
    const template = (app: string): Record<string, unknown> => ({ metadata: { labels: { app } }, spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'node', command: ['true'] }] } });
    assert.equal((await s.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, {
      metadata: { name: 'api' }, spec: { replicas: 0, selector: { matchLabels: { app: 'api' } }, template: { ...template('api'), spec: { containers: [{ name: 'main', image: 'node' }] } } },
    })).status, 201);
    const job1 = await s.api.post(`/apis/batch/v1/namespaces/${NS}/jobs`, { metadata: { name: 'once' }, spec: { suspend: true, template: template('once') } });
    assert.equal(job1.status, 201);
    // The server generated the Job's selector (the controller-uid label); its pods carry it.
    const jobLabels = at(job1.body, 'spec.selector.matchLabels') as Record<string, string>;
    await s.runPod(programPod('api-1', "console.log('from ' + process.env.HOSTNAME); setInterval(() => {}, 1000)", { app: 'api' }));
    await s.runPod(programPod('once-1', "console.log('job done'); setInterval(() => {}, 1000)", { app: 'once', ...jobLabels }));
    const dep = await waitFor('deploy/api logs', async () => {
      const out = await s.cli(['logs', 'deploy/api']);
      return out.stdout === 'from api-1\n' ? out : undefined;
    });
    assert.equal(dep.code, 0, dep.stderr);
    const job = await waitFor('job/once logs', async () => {
      const out = await s.cli(['logs', 'job/once']);
      return out.stdout === 'job done\n' ? out : undefined;
    });
    assert.equal(job.code, 0, job.stderr);
    // A selector that matches nothing: the command waits --pod-running-timeout, then gives up.
    assert.equal((await s.api.post(`/apis/apps/v1/namespaces/${NS}/replicasets`, {
      metadata: { name: 'empty' }, spec: { replicas: 0, selector: { matchLabels: { app: 'empty' } }, template: { ...template('empty'), spec: { containers: [{ name: 'main', image: 'node' }] } } },
    })).status, 201);
    const t0 = Date.now();
    const timedOut = await s.cli(['logs', 'rs/empty', '--pod-running-timeout=1s']);
    assert.equal(timedOut.code, 1);
    assert.ok(Date.now() - t0 >= 900, 'waited for the timeout');
    assert.equal(timedOut.stderr, 'error: timed out waiting for the condition\n');
  });
});
