/**
 * `config` command behaviour beyond the kubectl goldens: help, relative paths from the working
 * directory, JSONPath variants, and the global-flag overrides other commands use.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { overridesFromGlobals } from '../../../../src/cli/framework/services.js';
import { parseRequestTimeout } from '../../../../src/sdk/config/overrides.js';
import { modifyProperty } from '../../../../src/cli/commands/config/shared/property-path.js';
import { createContext } from '../../../../src/cli/framework/context.js';
import { parseCommandLine } from '../../../support/parse-command-line.js';
import { GLOBAL_FLAGS, globalOptionsFrom } from '../../../../src/cli/flags/global.js';
import { emptyModel } from '../../../../src/sdk/config/index.js';
import { runCli, testIO } from '../../../support/cli.js';
import { fixture, tempDir } from '../../sdk/config/helpers.js';

test('`config` alone prints the group help with every subcommand', async () => {
  const r = await runCli(['config']);
  assert.equal(r.code, 0);
  for (const sub of ['current-context', 'delete-cluster', 'get-contexts', 'rename-context', 'set-credentials', 'unset', 'use-context', 'view']) {
    assert.match(r.stdout, new RegExp(`\\n  ${sub} +\\S`));
  }
  assert.match(r.stdout, /PLATFORMCONFIG environment variable/);
});

test('relative file flags are relative to the working directory, then to the config file', async () => {
  const tmp = await tempDir();
  try {
    await tmp.write('work/ca.crt', fixture('ca.crt'));
    const env = { PLATFORMCONFIG: tmp.path('work/cfg/config') };
    const r = await runCli(['config', 'set-cluster', 'c', '--certificate-authority=ca.crt', '--server=https://c'], { env, home: tmp.dir, cwd: tmp.path('work') });
    assert.equal(r.stderr, '');
    // ca.crt is outside the file's directory (work/cfg), so it stays absolute.
    assert.match(await tmp.read('work/cfg/config'), new RegExp(`certificate-authority: ${tmp.path('work/ca.crt')}\n`));
    const embed = await runCli(['config', 'set-cluster', 'c', '--certificate-authority=ca.crt', '--embed-certs'], { env, home: tmp.dir, cwd: tmp.path('work') });
    assert.equal(embed.code, 0, embed.stderr);
    assert.match(await tmp.read('work/cfg/config'), new RegExp(`certificate-authority-data: ${Buffer.from(fixture('ca.crt')).toString('base64')}\n`));
  } finally {
    await tmp.cleanup();
  }
});

test('view: -o jsonpath-as-json and -o jsonpath with --template', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', fixture('basic.yaml'));
    const env = { PLATFORMCONFIG: file };
    const json = await runCli(['config', 'view', '-o', 'jsonpath-as-json={.clusters[*].name}'], { env, home: tmp.dir });
    assert.deepEqual(JSON.parse(json.stdout), ['10.0.0.1', 'c1', 'c2']);
    const tpl = await runCli(['config', 'view', '-o', 'jsonpath', '--template', '{.current-context}'], { env, home: tmp.dir });
    assert.equal(tpl.stdout, 'ctx-a');
  } finally {
    await tmp.cleanup();
  }
});

test('set/unset paths: map keys with dots, internal field names, bytes and booleans', () => {
  const m = emptyModel();
  modifyProperty(m, 'clusters.10.0.0.1.server', 'https://10.0.0.1');
  modifyProperty(m, 'clusters.10.0.0.1.insecure-skip-tls-verify', 'true');
  modifyProperty(m, 'users.admin.act-as', 'root');
  modifyProperty(m, 'users.admin.client-key-data', 'raw bytes', true);
  assert.deepEqual(m.clusters.get('10.0.0.1'), { server: 'https://10.0.0.1', 'insecure-skip-tls-verify': true });
  assert.deepEqual(m.users.get('admin'), { as: 'root', 'client-key-data': Buffer.from('raw bytes').toString('base64') });
  modifyProperty(m, 'users.admin.act-as', undefined);
  modifyProperty(m, 'clusters.10.0.0.1', undefined);
  assert.deepEqual(m.users.get('admin'), { 'client-key-data': Buffer.from('raw bytes').toString('base64') });
  assert.equal(m.clusters.size, 0);
  assert.throws(() => modifyProperty(m, 'users.admin.act-as-user-extra.k', 'v'), { message: 'string is not of type struct' });
  assert.throws(() => modifyProperty(m, 'preferences.bogus', 'v'), { message: 'unable to parse preferences.bogus after [{preferences api.Preferences}] at api.Preferences' });
});

test('global flags become overrides: explicit false, repeated groups, timeout in seconds', async () => {
  const parsed = parseCommandLine(
    ['--context=c', '-n', 'ns', '--as=u', '--as-group=a', '--as-group=b', '--insecure-skip-tls-verify=false', '--request-timeout=5', '--server', 'https://s'],
    GLOBAL_FLAGS,
  );
  const o = overridesFromGlobals(globalOptionsFrom(parsed.flags), parseRequestTimeout);
  assert.deepEqual(o, { context: 'c', namespace: 'ns', server: 'https://s', insecureSkipTlsVerify: false, impersonate: { user: 'u', groups: ['a', 'b'] }, requestTimeoutMs: 5000 });

  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', fixture('basic.yaml'));
    await tmp.write('ca.crt', fixture('ca.crt'));
    const io = testIO({ env: { PLATFORMCONFIG: file }, home: tmp.dir, cwd: tmp.dir });
    const globals = globalOptionsFrom(parseCommandLine(['--context', 'ctx-b', '-n', 'flag-ns'], GLOBAL_FLAGS).flags);
    const config = await createContext(io, globals, ['get']).clientConfig();
    assert.equal(config.server, 'https://c2.example.com');
    assert.equal(config.namespace, 'flag-ns');
    assert.equal(config.caFile, tmp.path('ca.crt'));
  } finally {
    await tmp.cleanup();
  }
});
