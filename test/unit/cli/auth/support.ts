/**
 * Helpers of the auth command tests: a config file for a server and token, and a transcript of
 * CLI runs (command, exit code, stdout, stderr) for golden files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../../../support/cli.js';

/** Writes `<home>/.platform/config` for `server` with a bearer token, namespace `default`. */
export async function writeConfig(home: string, server: { url: string; caPem: string }, token: string): Promise<void> {
  const ca = Buffer.from(server.caPem, 'utf8').toString('base64');
  await mkdir(join(home, '.platform'), { recursive: true });
  await writeFile(join(home, '.platform', 'config'), [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: c',
    '  cluster:',
    `    server: ${server.url}`,
    `    certificate-authority-data: ${ca}`,
    'users:',
    '- name: u',
    '  user:',
    `    token: ${token}`,
    'contexts:',
    '- name: c',
    '  context:',
    '    cluster: c',
    '    user: u',
    'current-context: c',
    '',
  ].join('\n'), { mode: 0o600 });
}

/** Runs each command line and returns the transcript. */
export async function transcript(home: string, commands: string[][], options: { stdoutIsTTY?: boolean } = {}): Promise<string> {
  let out = '';
  for (const argv of commands) {
    const r = await runCli(argv, { home, columns: 120, ...options });
    out += `$ platformctl ${argv.join(' ')}\nexit: ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}\n`;
  }
  // Server-set creation times differ per run.
  return out.replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/g, '"<time>"');
}
