import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { parseWarningHeader, WarningDeduplicator } from '../../../../src/sdk/transport/warnings.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from './helpers.js';

test('parseWarningHeader reads code, agent, quoted text with escapes, optional date, and lists', () => {
  assert.deepEqual(parseWarningHeader('299 - "batch/v1beta1 CronJob is deprecated"'), [{ code: 299, agent: '-', text: 'batch/v1beta1 CronJob is deprecated' }]);
  assert.deepEqual(parseWarningHeader('299 api.example "say \\"hi\\"" "Sat, 01 Jan 2026 00:00:00 GMT", 299 - "second"'), [
    { code: 299, agent: 'api.example', text: 'say "hi"' },
    { code: 299, agent: '-', text: 'second' },
  ]);
  assert.deepEqual(parseWarningHeader('not a warning'), []);
  assert.deepEqual(parseWarningHeader('299 - "unterminated'), []);
});

test('WarningDeduplicator delivers each distinct 299 text once and ignores other codes', () => {
  const seen: string[] = [];
  const dedupe = new WarningDeduplicator((text) => seen.push(text));
  dedupe.handle(['299 - "a"', '299 - "b"']);
  dedupe.handle('299 - "a", 199 - "misc", 299 - "c"');
  dedupe.handle(undefined);
  assert.deepEqual(seen, ['a', 'b', 'c']);
});

test('Warning headers from the server reach the handler once each, error responses included', async () => {
  const server = await RecordingServer.start({
    responder: (req) => (req.path === '/missing'
      ? { status: 404, headers: { warning: '299 - "deprecated API"' }, body: { kind: 'Status', status: 'Failure', code: 404, reason: 'NotFound', message: 'nope' } }
      : { headers: { warning: ['299 - "deprecated API"', '299 - "use v2"'] }, body: {} }),
  });
  try {
    const warnings: string[] = [];
    const client = createClient(configFor(server), { env: {}, onWarning: (text) => warnings.push(text) });
    await client.getRaw('/one');
    await client.getRaw('/two');
    await assert.rejects(client.getRaw('/missing'));
    assert.deepEqual(warnings, ['deprecated API', 'use v2']);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
