// Delays users choose past a Node timer's reach (2^31-1 ms, about 24.8 days): a Job's deadline and
// TTL, and a watch's timeoutSeconds. Node fires such a timer after 1 ms with a warning, which woke
// the Job controller every millisecond and wrote a warning to the log each time, and ended the
// watch at once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

const THIRTY_FIVE_DAYS = 35 * 24 * 3600;

describe('delays beyond a Node timer', () => {
  let server: TestServer;
  let api: ApiClient;
  const warnings: string[] = [];
  const onWarning = (w: Error): void => {
    warnings.push(`${w.name}: ${w.message}`);
  };
  before(async () => {
    process.on('warning', onWarning);
    server = await startTestServer({ workloads: true });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'long' } });
  });
  after(async () => {
    process.off('warning', onWarning);
    api.close();
    await server.stop();
  });

  test('a Job whose deadline and TTL are weeks away arms its timers once', async () => {
    const created = await api.post('/apis/batch/v1/namespaces/long/jobs', {
      apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'patient' },
      spec: {
        activeDeadlineSeconds: THIRTY_FIVE_DAYS, ttlSecondsAfterFinished: THIRTY_FIVE_DAYS,
        template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } },
      },
    });
    assert.equal(created.status, 201, created.text);
    await server.settle();
    await sleep(200);
    const job = (await api.get('/apis/batch/v1/namespaces/long/jobs/patient')).body;
    assert.equal(at(job, 'status.active'), 1, JSON.stringify(at(job, 'status')));
    assert.deepEqual(warnings.filter((w) => w.startsWith('TimeoutOverflowWarning')), []);
  });

  test('a watch with a timeoutSeconds of weeks stays open', async () => {
    const w = await api.watch(`/api/v1/namespaces/long/configmaps?watch=1&timeoutSeconds=${String(THIRTY_FIVE_DAYS)}`);
    assert.equal(w.status, 200);
    const ended = await Promise.race([w.ended.then(() => true), sleep(300).then(() => false)]);
    w.close();
    assert.equal(ended, false, 'the watch ended at once');
    assert.deepEqual(warnings.filter((w) => w.startsWith('TimeoutOverflowWarning')), []);
  });
});
