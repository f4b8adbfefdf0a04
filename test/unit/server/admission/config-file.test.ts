import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdmissionConfigError, loadAdmissionConfig } from '../../../../src/server/admission/config-file.js';

test('a malformed or hostile admission configuration file is one clear error', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'admission-config-'));
  try {
    const bad = join(dir, 'bad.yaml');
    await writeFile(bad, 'apiVersion: apiserver.config.platform.io/v1\nkind: [AdmissionConfiguration\n');
    await assert.rejects(loadAdmissionConfig(bad), (e: unknown) => e instanceof AdmissionConfigError
      && e.message.startsWith(`unable to read admission control configuration from "${bad}": yaml: line 3: `));
    const bomb = join(dir, 'bomb.yaml');
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    await writeFile(bomb, `${levels.join('\n')}\n`);
    await assert.rejects(loadAdmissionConfig(bomb), /excessive aliasing/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
