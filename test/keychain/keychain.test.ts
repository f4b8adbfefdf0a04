/**
 * The OS keychain for real, through keytar. In a desktop session it runs directly; on a Linux
 * machine without one (CI) it starts its own D-Bus session with an unlocked gnome-keyring when
 * dbus-run-session and gnome-keyring-daemon exist; anywhere else it skips and prints why.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { keychainRoundTrip } from './keychain-child.js';

const run = promisify(execFile);

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test('keytar stores, reads and deletes a secret in the OS keychain', async (t) => {
  const hasSession = (process.env.DBUS_SESSION_BUS_ADDRESS ?? '') !== '' || process.platform !== 'linux';
  let skipReason: string | undefined;
  if (hasSession) {
    skipReason = await keychainRoundTrip();
  } else if (hasCommand('dbus-run-session') && hasCommand('gnome-keyring-daemon')) {
    const child = fileURLToPath(new URL('./keychain-child.js', import.meta.url));
    // "pass" unlocks a throwaway keyring that lives only as long as this D-Bus session.
    const script = 'echo -n pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$0" "$1" --run';
    const { stdout } = await run('dbus-run-session', ['--', 'sh', '-c', script, process.execPath, child], { timeout: 60_000 });
    const last = stdout.trim().split('\n').pop() ?? '';
    if (last.startsWith('skip: ')) skipReason = last.slice('skip: '.length);
    else assert.equal(last, 'ok');
  } else {
    skipReason = 'no D-Bus session, and dbus-run-session or gnome-keyring-daemon is missing';
  }
  if (skipReason !== undefined) {
    console.log(`# keychain test skipped: ${skipReason}`);
    t.skip(skipReason);
  }
});
