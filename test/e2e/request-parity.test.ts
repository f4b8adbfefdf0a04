/**
 * The everyday commands make no more requests than kubectl's: each command's requests (as `-v=6`
 * logs them) are the fixed list below, and, where kubectl is on PATH, kubectl talking to the same
 * server through the rename proxy makes at least as many. A command's time is mostly Node's
 * start-up plus its round trips, so one request more than kubectl is a regression even when the
 * output is right.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli.js';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

/** Each command and the requests it makes: method and path, without the query. */
const CASES: readonly { args: readonly string[]; requests: readonly string[] }[] = [
  { args: ['version'], requests: ['GET /version'] },
  { args: ['api-resources'], requests: ['GET /api', 'GET /apis'] },
  { args: ['describe', 'deploy', 'x'], requests: ['GET /apis/apps/v1/namespaces/default/deployments/x', 'GET /api/v1/namespaces/default/events', 'GET /apis/apps/v1/namespaces/default/replicasets'] },
  { args: ['describe', 'cm', 'alpha'], requests: ['GET /api/v1/namespaces/default/configmaps/alpha', 'GET /api/v1/namespaces/default/events'] },
  { args: ['get', 'cm', 'alpha'], requests: ['GET /api/v1/namespaces/default/configmaps/alpha'] },
  { args: ['get', 'pods', '-A'], requests: ['GET /api/v1/pods'] },
  { args: ['auth', 'can-i', 'list', 'pods'], requests: ['POST /apis/authorization.platform.io/v1/selfsubjectaccessreviews'] },
  { args: ['auth', 'whoami'], requests: ['POST /apis/authentication.platform.io/v1/selfsubjectreviews'] },
];

/** The requests of a `-v=6` log (ours and kubectl's both name method and URL at the start of a line's message). */
function requestsOf(log: string): string[] {
  return [...log.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) https?:\/\/[^/\s]+(\/[^\s?]*)/g)].map((m) => `${m[1] ?? ''} ${m[2] ?? ''}`);
}

describe('everyday commands make no more requests than kubectl', () => {
  let server: TestServer;
  let home: string;
  let env: Record<string, string>;
  let kubectl: ProxiedKubectl | undefined;
  const kubectlSkip = kubectlSkipReason();

  before(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'platformctl-request-parity-'));
    env = { PLATFORMCONFIG: await writeTestKubeconfig(server, home, 'default'), HOME: home };
    for (const args of [['create', 'configmap', 'alpha', '--from-literal=a=b'], ['create', 'deployment', 'x', '--image=nginx']]) {
      const r = await runCli(args, { env, home, cwd: home });
      assert.equal(r.code, 0, r.stderr);
    }
    if (kubectlSkip === undefined) kubectl = await startProxiedKubectl(server);
    else console.log(`# comparing with the fixed request lists only: ${kubectlSkip}`);
  });

  after(async () => {
    await kubectl?.close();
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  for (const { args, requests } of CASES) {
    test(args.join(' '), async () => {
      const ours = await runCli([...args, '-v=6'], { env, home, cwd: home });
      assert.equal(ours.code, 0, ours.stderr);
      assert.deepEqual(requestsOf(ours.stderr), requests);
      if (kubectl === undefined) return;
      const theirs = await kubectl.run([...args, '-v=6']);
      assert.equal(theirs.code, 0, theirs.stderr);
      const kubectlRequests = requestsOf(theirs.stderr);
      assert.ok(requests.length <= kubectlRequests.length, `ours: ${requests.join(', ')}; kubectl: ${kubectlRequests.join(', ')}`);
    });
  }
});
