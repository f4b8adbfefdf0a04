import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer } from '../../../support/server.js';
import { ApiClient, at, type Body } from '../../../support/api.js';
import { RBAC_V1 } from './support.js';

describe('bootstrap policy across restarts', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-authz-bootstrap-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('auto-updated defaults get back what they lack; opted-out ones stay as changed', async () => {
    const first = await startTestServer({ dataDir: join(dir, 'data'), authorization: { modes: ['RBAC'] } });
    let admin = new ApiClient(first);
    const change = async (path: string, edit: (o: Body) => void): Promise<void> => {
      const obj = (await admin.get(path)).body;
      edit(obj);
      const r = await admin.put(path, obj);
      assert.equal(r.status, 200, r.text);
    };
    await change(`${RBAC_V1}/clusterroles/system:discovery`, (o) => {
      o.rules = [{ nonResourceURLs: ['/api', '/custom'], verbs: ['get'] }];
    });
    await change(`${RBAC_V1}/clusterrolebindings/system:basic-user`, (o) => {
      o.subjects = [{ apiGroup: 'rbac.authorization.platform.io', kind: 'User', name: 'someone' }];
    });
    await change(`${RBAC_V1}/clusterroles/system:public-info-viewer`, (o) => {
      (o.metadata as Body).annotations = { 'rbac.authorization.platform.io/autoupdate': 'false' };
      o.rules = [{ nonResourceURLs: ['/version'], verbs: ['get'] }];
    });
    admin.close();
    await first.stop();

    const second = await startTestServer({ dataDir: join(dir, 'data'), authorization: { modes: ['RBAC'] } });
    admin = new ApiClient(second);
    try {
      const discovery = at((await admin.get(`${RBAC_V1}/clusterroles/system:discovery`)).body, 'rules') as Body[];
      assert.deepEqual(discovery[0], { nonResourceURLs: ['/api', '/custom'], verbs: ['get'] }, 'what the owners added stays');
      const urls = discovery.flatMap((r) => r.nonResourceURLs as string[]);
      for (const u of ['/apis/*', '/healthz', '/version']) assert.ok(urls.includes(u), `${u} restored`);
      const subjects = (at((await admin.get(`${RBAC_V1}/clusterrolebindings/system:basic-user`)).body, 'subjects') as Body[]).map((s) => s.name);
      assert.deepEqual(subjects, ['someone', 'system:authenticated']);
      assert.deepEqual(at((await admin.get(`${RBAC_V1}/clusterroles/system:public-info-viewer`)).body, 'rules'), [{ nonResourceURLs: ['/version'], verbs: ['get'] }]);
    } finally {
      admin.close();
      await second.stop();
    }
  });
});
