/**
 * Every example of every command either runs, or says why it cannot (`notRunnable`). Runnable
 * examples run against the local API server (test/support/server.ts) with a fresh config per
 * example, each in a fresh temp directory (not the package's: an example must run from any
 * directory, so the manifests it uses are found as `$(npm root -g)/platformctl/examples/...`, the
 * package installed globally, which here is this repository), with a fixture plugin on PATH; each
 * must exit 0. Before each one, the objects examples name (config maps `foo` and `settings`,
 * deployment `web`, service account `myapp`, secret `mysecret`, the quick start's objects and a
 * pending CSR `csr-sqgzp`) are created afresh (and that of examples/configmap.json deleted), so that examples which change or delete them can
 * run in any order. Skipped examples are listed with their reason in the test output. Examples that
 * use shell syntax (pipes, redirections, `$(...)`) run through `sh -c` with the built
 * bin/platformctl on PATH (while the server goes on answering); the others run in-process.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAllSpecs } from '../../../../src/cli/commands/index.js';
import type { CommandSpec, ExampleSpec } from '../../../../src/cli/framework/spec.js';
import { createCertificateRequest } from '../../../../src/sdk/certificates/request.js';
import { SIGNERS } from '../../../../src/sdk/naming.js';
import { runCli } from '../../../support/cli.js';
import { startTestServer, writeTestKubeconfig } from '../../../support/server.js';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));

interface Example {
  path: string[];
  example: ExampleSpec;
}

function allExamples(specs: readonly CommandSpec[]): Example[] {
  const out: Example[] = [];
  const walk = (spec: CommandSpec, path: string[]): void => {
    for (const example of spec.examples) out.push({ path, example });
    for (const s of spec.subcommands ?? []) walk(s, [...path, s.name]);
  };
  for (const s of specs) walk(s, [s.name]);
  return out;
}

/** Splits a command line into words (quotes and backslashes as sh); undefined when it needs a shell. */
function shellWords(line: string): string[] | undefined {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return undefined;
      cur += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1] as string)) j++;
        else if (line[j] === '$' || line[j] === '`') return undefined;
        cur += line[j];
      }
      if (j >= line.length) return undefined;
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else if ('|&;<>()$`*?[~\n#'.includes(c) && !(c === '#' && inWord)) {
      return undefined;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

test('shellWords splits like sh, and refuses shell syntax', () => {
  assert.deepEqual(shellWords(`platformctl get pods -o jsonpath='{.items[*].metadata.name}' --x "a b" c\\ d`), [
    'platformctl', 'get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}', '--x', 'a b', 'c d',
  ]);
  assert.equal(shellWords('platformctl get pods | head'), undefined);
  assert.equal(shellWords('source <(platformctl completion bash)'), undefined);
  assert.equal(shellWords('platformctl completion zsh > "${fpath[1]}/_platformctl"'), undefined);
});

/** The objects the examples name, as one manifest (namespaces live in `seedNamespaces`). */
async function seedManifest(): Promise<string> {
  const csr = await createCertificateRequest({ commonName: 'jane', organizations: ['dev'] });
  const quickstart = readFileSync(join(root, 'examples/quickstart/app.yaml'), 'utf8');
  return `${quickstart}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: foo, labels: {bar: x}}
data: {color: red}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {mode: ready}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: registry.example/web:1.0}]}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: myapp}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: myapp, namespace: myns}
---
apiVersion: v1
kind: Secret
metadata: {name: mysecret}
stringData: {token: example}
---
apiVersion: certificates.platform.io/v1
kind: CertificateSigningRequest
metadata: {name: csr-sqgzp}
spec:
  request: ${Buffer.from(csr.csrPem).toString('base64')}
  signerName: ${SIGNERS.apiserverClient}
  usages: [client auth]
`;
}

/** Runs a shell command line without blocking the event loop (the in-process server must answer it). */
function shell(command: string, env: Record<string, string>, cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

test('examples name the package\'s manifests by a path that holds in any directory', async () => {
  const relative = allExamples(await loadAllSpecs()).filter(({ example }) => /(^|[\s=])examples\//.test(example.command));
  assert.deepEqual(relative.map(({ example }) => example.command), [], 'a path relative to the package works only from its directory');
});

test('every example runs or gives the reason it cannot', async (t) => {
  const examples = allExamples(await loadAllSpecs());
  assert.ok(examples.length > 0);
  const server = await startTestServer();
  const work = mkdtempSync(join(tmpdir(), 'platformctl-examples-'));
  const skipped: string[] = [];
  try {
    // A plugin on PATH (so that `plugin list` has something to list) and the repository's examples/.
    const pluginDir = join(work, 'plugins');
    mkdirSync(pluginDir);
    copyFileSync(join(root, 'test/fixtures/plugins/report-args'), join(pluginDir, 'platformctl-hello'));
    chmodSync(join(pluginDir, 'platformctl-hello'), 0o755);
    // The package installed globally, as `npm i -g` lays it out (<prefix>/lib/node_modules/platformctl),
    // and an `npm` that answers `npm root -g` with it (the real one costs a third of a second a call).
    const prefix = join(work, 'global');
    const globalRoot = join(prefix, 'lib', 'node_modules');
    mkdirSync(globalRoot, { recursive: true });
    symlinkSync(root, join(globalRoot, 'platformctl'));
    const npmDir = join(work, 'npm-bin');
    mkdirSync(npmDir);
    writeFileSync(join(npmDir, 'npm'), `#!/bin/sh\n[ "$1 $2" = "root -g" ] && exec echo '${globalRoot}'\necho "this npm answers only npm root -g" >&2\nexit 1\n`, { mode: 0o755 });
    const realNpm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
    if (realNpm !== '') {
      const answer = execFileSync(realNpm, ['root', '-g'], { encoding: 'utf8', env: { ...process.env, NPM_CONFIG_PREFIX: prefix, NPM_CONFIG_UPDATE_NOTIFIER: 'false' } }).trim();
      assert.equal(answer, globalRoot, 'npm root -g is <prefix>/lib/node_modules');
    }
    const pathEnv = [pluginDir, npmDir, join(root, 'bin'), dirname(process.execPath), '/usr/bin', '/bin'].join(':');
    const adminConfig = await writeTestKubeconfig(server, join(work, 'server-config'));
    const configTemplate = readFileSync(adminConfig, 'utf8');
    const admin = async (...args: string[]): Promise<void> => {
      const r = await runCli(['--kubeconfig', adminConfig, ...args], { home: work, cwd: work });
      assert.equal(r.code, 0, `seeding: ${args.join(' ')}\n${r.stderr}`);
    };
    const seedFile = join(work, 'seed.yaml');
    writeFileSync(seedFile, await seedManifest());
    writeFileSync(join(work, 'namespaces.yaml'), ['demo', 'myns'].map((ns) => `apiVersion: v1\nkind: Namespace\nmetadata: {name: ${ns}}\n`).join('---\n'));
    /**
     * The named objects as the examples expect them: deleted (whatever an example did to them) and
     * created again; the namespaces come back if an example deleted them (deletion waits them out).
     */
    const reseed = async (): Promise<void> => {
      await admin('apply', '-f', join(work, 'namespaces.yaml'));
      // The stdin examples create the config map of examples/configmap.json.
      await admin('delete', '-f', seedFile, '-f', join(root, 'examples', 'configmap.json'), '--ignore-not-found', '--wait');
      await admin('create', '-f', seedFile);
    };

    let n = 0;
    for (const { path, example } of examples) {
      const name = `${path.join(' ')}: ${example.command}`;
      if (example.notRunnable !== undefined) {
        skipped.push(`${name}\n#     not runnable: ${example.notRunnable}`);
        await t.test(name, { skip: `not runnable: ${example.notRunnable}` }, () => undefined);
        continue;
      }
      await reseed();
      await t.test(name, async () => {
        // A fresh home, config and working directory per example: examples may change them.
        const home = join(work, `ex${n++}`);
        mkdirSync(home);
        const config = join(home, 'config');
        writeFileSync(config, configTemplate, { mode: 0o600 });
        const env = { HOME: home, PLATFORMCONFIG: config, PATH: pathEnv, NO_COLOR: '1' };
        const words = shellWords(example.command);
        if (words !== undefined && words[0] === 'platformctl') {
          const r = await runCli(words.slice(1), { env, home, cwd: home });
          assert.equal(r.code, 0, `exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
        } else {
          const r = await shell(example.command, env, home);
          assert.equal(r.status, 0, `exit ${r.status}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
        }
      });
    }
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
    if (skipped.length > 0) {
      t.diagnostic(`${skipped.length} of ${examples.length} examples not run:`);
      for (const s of skipped) t.diagnostic(`- ${s.replace('\n#     ', ': ')}`);
    }
  }
});
