/**
 * A config writer process for the lock tests: `node config-writer.js FILE PREFIX COUNT STALE_MS`
 * adds the contexts PREFIX-0 ... PREFIX-(COUNT-1) to FILE, one locked write each, through the
 * SDK's writer (what every `config` command uses). It prints `ok NAME` once a write has returned
 * (so a killed writer's finished writes are known), and on a failed write the error on stderr and
 * exit code 1. A writer waits up to two minutes for the lock instead of the default 30 s: twenty of
 * them making 400 locked writes on a loaded 2-core runner can keep one unlucky waiter out for longer
 * than that, and the tests count writes lost or failed by a broken lock, not the length of a wait.
 */
import { editConfig } from '../../src/sdk/config/edit.js';
import { configAccess } from '../../src/sdk/config/paths.js';

const [file, prefix, countText, staleText] = process.argv.slice(2);
if (file === undefined || prefix === undefined) {
  process.stderr.write('usage: config-writer FILE PREFIX COUNT STALE_MS\n');
  process.exit(2);
}
const count = Number(countText ?? '1');
const staleMs = Number(staleText ?? '10000');
const access = configAccess({ explicitPath: file, env: {}, homedir: '/nonexistent' });

for (let i = 0; i < count; i++) {
  const name = `${prefix}-${i}`;
  try {
    await editConfig(access, (config) => {
      config.contexts.set(name, { cluster: 'c', user: 'u' });
    }, { lock: { staleMs, timeoutMs: 120_000 } });
  } catch (err) {
    process.stderr.write(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  process.stdout.write(`ok ${name}\n`);
}
