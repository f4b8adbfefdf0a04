import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, InputError, StatusError, TransportError } from '../../../../src/sdk/errors.js';
import { formatError } from '../../../../src/cli/framework/report-error.js';
import { UsageError } from '../../../../src/cli/framework/usage-error.js';

function status(code: number, reason: string, message: string): StatusError {
  return new StatusError({ apiVersion: 'v1', kind: 'Status', status: 'Failure', code, reason, message });
}

test('server errors read as kubectl prints them', () => {
  assert.equal(formatError(status(404, 'NotFound', 'configmaps "x" not found'), ['get']), 'Error from server (NotFound): configmaps "x" not found');
  assert.equal(formatError(status(500, '', 'boom'), ['get']), 'Error from server: boom');
  assert.equal(formatError(status(401, 'Unauthorized', 'Unauthorized'), ['get']), 'error: You must be logged in to the server (Unauthorized)');
});

test('a 422 reads as kubectl checkErr prints it, from the causes', () => {
  const invalid = (details: object | undefined): StatusError => new StatusError({ apiVersion: 'v1', kind: 'Status', status: 'Failure', code: 422, reason: 'Invalid', message: 'ignored', ...(details === undefined ? {} : { details }) });
  const cause = (field: string, message: string) => ({ reason: 'FieldValueInvalid', field, message });
  assert.equal(formatError(invalid({ kind: 'ConfigMap', name: 'bad', causes: [cause('data', 'Invalid value: "x y": bad key')] }), ['patch']), 'The ConfigMap "bad" is invalid: data: Invalid value: "x y": bad key');
  assert.equal(
    formatError(invalid({ kind: 'ConfigMap', name: 'Bad', causes: [cause('data', 'one'), cause('data', 'one'), cause('metadata.name', 'two')] }), ['create']),
    'The ConfigMap "Bad" is invalid: \n* data: one\n* metadata.name: two',
  );
  assert.equal(formatError(invalid({ causes: [cause('', 'the patch is not valid')] }), ['patch']), 'The request is invalid: : the patch is not valid');
  assert.equal(formatError(invalid(undefined), ['patch']), 'The request is invalid');
});

test('usage, config and input errors are one line with their place', () => {
  assert.equal(formatError(new UsageError('unknown flag: --x'), ['get']), "error: unknown flag: --x\nSee 'platformctl get --help' for usage.");
  assert.equal(formatError(new ConfigError('context "x" does not exist'), ['get']), 'error: context "x" does not exist');
  assert.equal(formatError(new InputError('mapping values are not allowed here', { file: 'a.yaml', line: 3, column: 7 }), ['apply']), 'error: a.yaml:3:7: mapping values are not allowed here');
});

test('a refused connection names host and port', () => {
  const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const err = new TransportError('Get "https://127.0.0.1:1/api": dial tcp', { url: 'https://127.0.0.1:1/api', cause });
  assert.equal(formatError(err, ['get']), 'The connection to the server 127.0.0.1:1 was refused - did you specify the right host or port?');
});
