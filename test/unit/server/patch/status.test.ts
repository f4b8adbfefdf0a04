/**
 * The server's patch adapter (server/patch/index.ts): each failure of machinery's engines becomes
 * the status the Kubernetes API server answers with.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PatchFailure, type PatchFailureKind } from '../../../../src/machinery/patch/errors.js';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/index.js';
import { PatchError, applyStrategicMergePatch } from '../../../../src/server/patch/index.js';

test('failure kinds map to 400, 413, 422 (the generic message, the cause as detail) and a reason-less 500', () => {
  const cases: [PatchFailureKind, number, string][] = [['malformed', 400, 'BadRequest'], ['too-large', 413, 'RequestEntityTooLarge'], ['not-applicable', 422, 'Invalid'], ['internal', 500, '']];
  for (const [kind, status, reason] of cases) {
    const error = PatchError.from(new PatchFailure(kind, 'why'));
    assert.equal(error.statusCode, status, kind);
    assert.equal(error.reason, reason, kind);
    if (kind === 'not-applicable') {
      assert.equal(error.message, 'the server rejected our request due to an error in our request');
      assert.equal(error.detail, 'why');
    } else {
      assert.equal(error.message, 'why');
    }
  }
});

test('strategic merge patch failures on a built-in kind', () => {
  const pod = builtinSchema('', 'v1', 'Pod');
  assert.ok(pod !== undefined);
  const target = { metadata: { finalizers: [['f']] }, spec: { containers: [{ name: 'a', image: 'x' }] } } as unknown as JsonObject;
  const status = (patch: unknown): number | undefined => {
    try {
      applyStrategicMergePatch(target, patch as JsonObject, pod);
      return undefined;
    } catch (error) {
      assert.ok(error instanceof PatchError, String(error));
      return error.statusCode;
    }
  };
  assert.equal(status({ spec: { containers: [{ name: 'a', $patch: 'explode' }] } }), 400);
  assert.equal(status({ spec: { containers: [{ image: 'y' }] } }), 500);
  assert.equal(status({ metadata: { finalizers: [['g']] } }), 422);
  assert.equal(status({ spec: { containers: [{ name: 'a', image: 'y' }] } }), undefined);
});
