import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../support/cli.js';

describe('local start: admission, runtime-config and feature-gate flags are checked before the server starts', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-start-flags-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  const start = (...flags: string[]) => runCli(['local', 'start', '--foreground', '--data-dir', join(dir, 'data'), '--kubeconfig', join(dir, 'config'), ...flags], { home: dir });

  test('feature gates: locked and unknown gates', async () => {
    let r = await start('--feature-gates=WatchBookmark=false');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: invalid argument "WatchBookmark=false" for "--feature-gates" flag: cannot set feature gate WatchBookmark to false, feature is locked to true\n');
    r = await start('--feature-gates=Bogus=true');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: invalid argument "Bogus=true" for "--feature-gates" flag: unrecognized feature gate: Bogus\n');
  });

  test('plugins: unknown names, and --admission-control is deprecated and exclusive with the new flags', async () => {
    let r = await start('--enable-admission-plugins=Priority,Nope');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: enable-admission-plugins plugin "Nope" is unknown\n');
    r = await start('--admission-control=NamespaceLifecycle', '--disable-admission-plugins=Priority');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Flag --admission-control has been deprecated, Use --enable-admission-plugins or --disable-admission-plugins instead\. Will be removed in a future version\.\n/);
    assert.match(r.stderr, /error: admission-control and enable-admission-plugins\/disable-admission-plugins flags are mutually exclusive\n$/);
  });

  test('runtime-config values must be booleans', async () => {
    const r = await start('--runtime-config=batch/v1=perhaps');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: invalid value of batch/v1: perhaps, err: strconv.ParseBool: parsing "perhaps": invalid syntax\n');
  });
});
