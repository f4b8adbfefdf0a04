/**
 * `run` attached to its pod on the local server's process node: `-i` pipes stdin to the container
 * and prints what it writes, `--restart=Never` returns the container's exit code, `--rm` deletes
 * the pod afterwards, and a pod that finished before the attach shows its log.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openStreamsEnv, SKIP_NODE, type StreamsEnv } from './streams-support.js';

const NS = 'run-attach';

describe('run attached', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  before(async () => {
    s = await openStreamsEnv(NS);
  });
  after(async () => {
    await s?.close();
  });

  test('-i --rm --restart=Never: stdin reaches the container, its output and exit code are ours, the pod is deleted', async () => {
    const program = "let t='';process.stdin.on('data',(d)=>t+=d);process.stdin.on('end',()=>{process.stdout.write('got '+t.trim()+'\\n');process.exit(3)})";
    const r = await s.cli(['run', 'echoer', '--image=node', '-i', '--rm', '--restart=Never', '--command', '--', process.execPath, '-e', program], { stdin: 'hello\n' });
    assert.equal(r.stdout, 'got hello\npod "echoer" deleted\n', r.stderr);
    assert.equal(r.code, 3, r.stderr);
    const gone = await s.api.get(`/api/v1/namespaces/${NS}/pods/echoer`);
    assert.ok(gone.status === 404 || typeof (gone.body.metadata as { deletionTimestamp?: unknown }).deletionTimestamp === 'string', `status ${gone.status}`);
  });

  test('--attach to a pod that finishes at once prints its output and exit code 0', async () => {
    const r = await s.cli(['run', 'quick', '--image=node', '--attach', '--restart=Never', '--command', '--', process.execPath, '-e', "console.log('done')"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'done\n');
  });
});
