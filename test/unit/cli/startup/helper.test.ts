/**
 * The resident helper's pieces that need no process: its setting, the socket's name (never a
 * stale helper: another build, Node line or NODE_EXTRA_CA_CERTS is another socket), the frames,
 * and the lists of commands it runs, which bin/platformctl repeats for sh.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HELPER_IDLE_MS, helperIdleMs, helperSocket } from '../../../../src/cli/startup/helper/location.js';
import { encodeFrame, Frame, FrameReader, MAX_FRAME_BYTES } from '../../../../src/cli/startup/helper/protocol.js';
import { HELPER_WORDS, namesOwnDescriptors, runsInHelper } from '../../../../src/cli/startup/helper/words.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

test('PLATFORM_HELPER: off, on, or how long to stay idle', () => {
  for (const off of [undefined, '', '0', 'off', 'OFF', 'false', ' False ', '0s']) assert.equal(helperIdleMs(off), undefined, String(off));
  for (const on of ['1', 'on', 'true', 'TRUE']) assert.equal(helperIdleMs(on), DEFAULT_HELPER_IDLE_MS, on);
  assert.equal(helperIdleMs('30s'), 30_000);
  assert.equal(helperIdleMs('1h30m'), 5_400_000);
  for (const bad of ['yes', '-5m', '10', 'forever']) assert.equal(helperIdleMs(bad), 'invalid', bad);
});

test('the socket is named by build, Node version and NODE_EXTRA_CA_CERTS', () => {
  const a = helperSocket('/home/u', '0123456789abcdef', 'v22.1.0', undefined);
  assert.equal(a, '/home/u/.platform/helper/0123456789abcdef-v22.1.0.sock');
  assert.notEqual(helperSocket('/home/u', 'fedcba9876543210', 'v22.1.0', undefined), a);
  assert.notEqual(helperSocket('/home/u', '0123456789abcdef', 'v24.0.0', undefined), a);
  const ca = helperSocket('/home/u', '0123456789abcdef', 'v22.1.0', '/etc/ca.pem');
  assert.match(ca ?? '', /^\/home\/u\/\.platform\/helper\/0123456789abcdef-v22\.1\.0-[0-9a-f]{8}\.sock$/);
  assert.notEqual(helperSocket('/home/u', '0123456789abcdef', 'v22.1.0', '/etc/other.pem'), ca);
  assert.equal(helperSocket('/home/u', '0123456789abcdef', 'v22.1.0', ''), a);
  // Past the length a Unix socket path may have, there is no helper.
  assert.equal(helperSocket(`/home/${'x'.repeat(80)}`, '0123456789abcdef', 'v22.1.0', undefined), undefined);
});

test('frames split at any byte boundary and refuse an oversized length', () => {
  const bytes = Buffer.concat([encodeFrame(Frame.stdout, 'héllo'), encodeFrame(Frame.stdinEnd), encodeFrame(Frame.exit, '{"code":3}')]);
  for (let cut = 0; cut <= bytes.length; cut++) {
    const reader = new FrameReader();
    const frames = [...reader.push(bytes.subarray(0, cut)), ...reader.push(bytes.subarray(cut))];
    assert.deepEqual(frames.map((f) => [f.type, f.payload.toString('utf8')]), [[Frame.stdout, 'héllo'], [Frame.stdinEnd, ''], [Frame.exit, '{"code":3}']]);
  }
  const huge = Buffer.alloc(5);
  huge[0] = Frame.request;
  huge.writeUInt32BE(MAX_FRAME_BYTES + 1, 1);
  assert.throws(() => new FrameReader().push(huge), /over the limit/);
});

test('the helper runs core-bundle commands only, and bin/platformctl names the same ones', () => {
  const core = JSON.parse(readFileSync(`${ROOT}scripts/core-words.json`, 'utf8')) as string[];
  for (const word of HELPER_WORDS) assert.ok(core.includes(word), `${word} is in the core bundle`);
  const shim = readFileSync(`${ROOT}bin/platformctl`, 'utf8');
  const listed = /case "\$1" in ([a-z|-]+)\)/.exec(shim)?.[1]?.split('|');
  assert.deepEqual(listed, [...HELPER_WORDS]);
});

test('a file only the client can open keeps the command in its own process', () => {
  assert.equal(namesOwnDescriptors(['apply', '-f', '/dev/fd/63'], {}), true);
  assert.equal(namesOwnDescriptors(['apply', '--filename=/proc/self/fd/3'], {}), true);
  assert.equal(namesOwnDescriptors(['get', 'pods'], { PLATFORMCONFIG: '/dev/fd/5' }), true);
  assert.equal(namesOwnDescriptors(['get', 'pods'], { PLATFORMCONFIG: '/home/u/.platform/config', GPG_TTY: '/dev/tty1' }), false);
  assert.equal(namesOwnDescriptors(['apply', '-f', 'dev/fd.yaml'], {}), false);
});

test('the helper runs its words, but not an editor or a command that is not one of them', () => {
  assert.equal(runsInHelper('get', ['get', 'pods'], {}), true);
  assert.equal(runsInHelper('apply', ['apply', '-f', 'x.yaml'], {}), true);
  assert.equal(runsInHelper('apply', ['apply', 'edit-last-applied', 'cm/x'], {}), false);
  assert.equal(runsInHelper('edit', ['edit', 'cm/x'], {}), false);
  assert.equal(runsInHelper('logs', ['logs', 'pod'], {}), false);
  assert.equal(runsInHelper('apply', ['apply', '-f', '/dev/fd/63'], {}), false);
});
