import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExecConfig } from '../../../../src/sdk/config/client-config.js';
import { ExecCredentialSource } from '../../../../src/sdk/auth/exec/exec-credential-source.js';
import { ExecPluginError } from '../../../../src/sdk/errors.js';
import { execFixture, pluginEnv, tempDir } from '../transport/helpers.js';

const V1 = 'client.authentication.platform.io/v1';
const V1BETA1 = 'client.authentication.platform.io/v1beta1';

function plugin(name: string, extra: Partial<ExecConfig> = {}): ExecConfig {
  return { command: execFixture(name), apiVersion: V1, interactiveMode: 'Never', ...extra };
}

async function runCount(file: string): Promise<number> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

async function rejectsWith(promise: Promise<unknown>, check: (err: ExecPluginError) => void): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof ExecPluginError, `expected ExecPluginError, got ${String(err)}`);
    check(err);
    return true;
  });
}

test('a token plugin: PLATFORM_EXEC_INFO input, env, args and stderr passthrough', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const inputFile = join(dir, 'input.json');
    let stderr = '';
    const source = new ExecCredentialSource(
      plugin('token-plugin.mjs', {
        args: ['--flag', 'value with spaces'],
        env: [{ name: 'PLUGIN_INPUT_FILE', value: inputFile }, { name: 'PLUGIN_TOKEN', value: 'abc' }],
        provideClusterInfo: true,
      }),
      {
        clusterInfo: { server: 'https://example.test:6443', certificateAuthorityData: 'PEM-DATA', config: { audience: 'x' } },
        io: { env: pluginEnv(), stderr: { write: (c: Uint8Array | string) => { stderr += c.toString(); } } },
      },
    );
    const creds = await source.get();
    assert.equal(creds.authorization, 'Bearer abc-1');
    const seen = JSON.parse(await readFile(inputFile, 'utf8')) as { input: unknown; argv: string[] };
    assert.deepEqual(seen.argv, ['--flag', 'value with spaces']);
    assert.deepEqual(seen.input, {
      apiVersion: V1,
      kind: 'ExecCredential',
      spec: {
        interactive: false,
        cluster: { server: 'https://example.test:6443', 'certificate-authority-data': Buffer.from('PEM-DATA').toString('base64'), config: { audience: 'x' } },
      },
    });
    assert.match(stderr, /token-plugin: issuing credential #1/);
  } finally {
    await cleanup();
  }
});

test('without provideClusterInfo the plugin gets no cluster', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const inputFile = join(dir, 'input.json');
    const source = new ExecCredentialSource(plugin('token-plugin.mjs', { env: [{ name: 'PLUGIN_INPUT_FILE', value: inputFile }] }), {
      clusterInfo: { server: 'https://example.test' }, io: { env: pluginEnv() },
    });
    await source.get();
    const seen = JSON.parse(await readFile(inputFile, 'utf8')) as { input: { spec: unknown } };
    assert.deepEqual(seen.input.spec, { interactive: false });
  } finally {
    await cleanup();
  }
});

test('a missing command names the executable and shows the installHint', async () => {
  const source = new ExecCredentialSource(
    { command: '/nonexistent/bin/platform-login', apiVersion: V1, interactiveMode: 'Never', installHint: 'Install platform-login with: brew install platform-login' },
    { io: { env: pluginEnv() } },
  );
  await rejectsWith(source.get(), (err) => {
    assert.match(err.message, /^getting credentials: exec: executable \/nonexistent\/bin\/platform-login not found/);
    assert.match(err.message, /Install platform-login with: brew install platform-login/);
  });
});

test('a crashing plugin reports its exit code and stderr', async () => {
  const source = new ExecCredentialSource(plugin('crash-plugin.mjs'), { io: { env: pluginEnv() } });
  await rejectsWith(source.get(), (err) => {
    assert.equal(err.exitCode, 3);
    assert.match(err.stderr ?? '', /cannot reach the credential store/);
    assert.match(err.message, /executable .*crash-plugin\.mjs failed with exit code 3: crash-plugin: cannot reach the credential store/);
  });
});

test('a hanging plugin is killed at the request timeout', async () => {
  const source = new ExecCredentialSource(plugin('hang-plugin.mjs'), { io: { env: pluginEnv() } });
  const started = Date.now();
  await rejectsWith(source.get({ timeoutMs: 400 }), (err) => {
    assert.match(err.message, /hang-plugin\.mjs did not finish within 400ms and was killed/);
  });
  assert.ok(Date.now() - started < 3000, 'the timeout bounds the wait');
});

test('bad JSON is a clear error that does not quote the output', async () => {
  const source = new ExecCredentialSource(plugin('bad-json-plugin.mjs'), { io: { env: pluginEnv() } });
  await rejectsWith(source.get(), (err) => {
    assert.match(err.message, /^getting credentials: decoding stdout: /);
    assert.doesNotMatch(err.message, /super-secret-value/);
  });
});

test('text that is not an ExecCredential fails in client-go\'s words (the text is YAML, a string)', async () => {
  const source = new ExecCredentialSource(plugin('text-plugin.mjs'), { io: { env: pluginEnv() } });
  await rejectsWith(source.get(), (err) => {
    assert.equal(err.message, 'getting credentials: decoding stdout: couldn\'t get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }');
  });
});

test('an answer in another apiVersion is rejected', async () => {
  const source = new ExecCredentialSource(plugin('wrong-version-plugin.mjs'), { io: { env: pluginEnv() } });
  await rejectsWith(source.get(), (err) => {
    assert.equal(err.message, `getting credentials: exec plugin is configured to use API version ${V1}, plugin returned version ${V1BETA1}`);
  });
});

test('an answer without token or certificate is rejected', async () => {
  const source = new ExecCredentialSource(plugin('no-token-plugin.mjs'), { io: { env: pluginEnv() } });
  await rejectsWith(source.get(), (err) => {
    assert.equal(err.message, "getting credentials: exec plugin didn't return a token or cert/key pair");
  });
});

test('v1 requires interactiveMode; the plugin is not run', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    const source = new ExecCredentialSource(
      { command: execFixture('token-plugin.mjs'), apiVersion: V1, env: [{ name: 'PLUGIN_COUNT_FILE', value: countFile }] },
      { userName: 'alice', io: { env: pluginEnv() } },
    );
    await rejectsWith(source.get(), (err) => {
      assert.equal(err.message, 'interactiveMode must be specified for alice to use exec authentication plugin');
    });
    assert.equal(await runCount(countFile), 0);
  } finally {
    await cleanup();
  }
});

test('v1beta1 defaults to IfAvailable', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const inputFile = join(dir, 'input.json');
    const source = new ExecCredentialSource(
      { command: execFixture('token-plugin.mjs'), apiVersion: V1BETA1, env: [{ name: 'PLUGIN_INPUT_FILE', value: inputFile }] },
      { io: { env: pluginEnv(), stdinIsTTY: false } },
    );
    assert.equal((await source.get()).authorization, 'Bearer exec-token-1');
    const seen = JSON.parse(await readFile(inputFile, 'utf8')) as { input: { apiVersion: string; spec: { interactive: boolean } } };
    assert.equal(seen.input.apiVersion, V1BETA1);
    assert.equal(seen.input.spec.interactive, false);
  } finally {
    await cleanup();
  }
});

test('Always without a terminal errors before running the plugin', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    const config = plugin('token-plugin.mjs', { interactiveMode: 'Always', env: [{ name: 'PLUGIN_COUNT_FILE', value: countFile }] });
    await rejectsWith(new ExecCredentialSource(config, { io: { env: pluginEnv(), stdinIsTTY: false } }).get(), (err) => {
      assert.equal(err.message, 'exec plugin cannot support interactive mode: standard input is not a terminal');
    });
    await rejectsWith(
      new ExecCredentialSource({ ...config, args: ['in-use'] }, { io: { env: pluginEnv(), stdinIsTTY: true, stdinInUse: true, stdinInUseMessage: 'it is read by -f -' } }).get(),
      (err) => assert.equal(err.message, 'exec plugin cannot support interactive mode: standard input is unavailable: it is read by -f -'),
    );
    assert.equal(await runCount(countFile), 0);
  } finally {
    await cleanup();
  }
});

test('IfAvailable is interactive only with a terminal that is not otherwise in use', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const inputFile = join(dir, 'input.json');
    const interactiveOf = async (io: { stdinIsTTY: boolean; stdinInUse: boolean }, tag: string): Promise<boolean> => {
      const source = new ExecCredentialSource(
        plugin('token-plugin.mjs', { interactiveMode: 'IfAvailable', args: [tag], env: [{ name: 'PLUGIN_INPUT_FILE', value: inputFile }] }),
        // A file descriptor stands in for the terminal: the plugin inherits it only when interactive.
        { io: { env: pluginEnv(), stdin: 'inherit', ...io } },
      );
      await source.get();
      return (JSON.parse(await readFile(inputFile, 'utf8')) as { input: { spec: { interactive: boolean } } }).input.spec.interactive;
    };
    assert.equal(await interactiveOf({ stdinIsTTY: true, stdinInUse: false }, 'a'), true);
    assert.equal(await interactiveOf({ stdinIsTTY: true, stdinInUse: true }, 'b'), false);
    assert.equal(await interactiveOf({ stdinIsTTY: false, stdinInUse: false }, 'c'), false);
  } finally {
    await cleanup();
  }
});

test('credentials are cached until expirationTimestamp', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    let clock = Date.now();
    const source = new ExecCredentialSource(
      plugin('token-plugin.mjs', { env: [{ name: 'PLUGIN_COUNT_FILE', value: countFile }, { name: 'PLUGIN_EXPIRY_SECONDS', value: '3600' }] }),
      { io: { env: pluginEnv() }, now: () => clock },
    );
    assert.equal((await source.get()).authorization, 'Bearer exec-token-1');
    assert.equal((await source.get()).authorization, 'Bearer exec-token-1');
    clock += 30 * 60_000;
    assert.equal((await source.get()).authorization, 'Bearer exec-token-1');
    assert.equal(await runCount(countFile), 1);
    clock += 31 * 60_000;
    assert.equal((await source.get()).authorization, 'Bearer exec-token-2');
    assert.equal(await runCount(countFile), 2);
  } finally {
    await cleanup();
  }
});

test('without an expiry, credentials are cached until a 401', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    const source = new ExecCredentialSource(plugin('token-plugin.mjs', { env: [{ name: 'PLUGIN_COUNT_FILE', value: countFile }] }), {
      io: { env: pluginEnv() }, now: () => Date.now() + 365 * 24 * 3600_000,
    });
    const first = await source.get();
    assert.equal((await source.get()).authorization, 'Bearer exec-token-1');
    assert.equal(await source.refreshAfterUnauthorized(first), true);
    assert.equal((await source.get()).authorization, 'Bearer exec-token-2');
    // A 401 for credentials that were already replaced does not run the plugin again.
    assert.equal(await source.refreshAfterUnauthorized(first), true);
    assert.equal(await runCount(countFile), 2);
  } finally {
    await cleanup();
  }
});

test('concurrent callers share one plugin run (single-flight)', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    const source = new ExecCredentialSource(
      plugin('token-plugin.mjs', { env: [{ name: 'PLUGIN_COUNT_FILE', value: countFile }, { name: 'PLUGIN_DELAY_MS', value: '150' }] }),
      { io: { env: pluginEnv() } },
    );
    const all = await Promise.all(Array.from({ length: 10 }, () => source.get()));
    assert.deepEqual(new Set(all.map((c) => c.authorization)), new Set(['Bearer exec-token-1']));
    assert.equal(await runCount(countFile), 1);
    assert.equal(source.runs, 1);
  } finally {
    await cleanup();
  }
});

test('an unknown exec apiVersion is rejected', async () => {
  const source = new ExecCredentialSource(plugin('token-plugin.mjs', { apiVersion: 'client.authentication.platform.io/v2' }), { io: { env: pluginEnv() } });
  await rejectsWith(source.get(), (err) => assert.equal(err.message, 'exec plugin: invalid apiVersion "client.authentication.platform.io/v2"'));
});
