import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { isStatusError, ProtocolError, StatusError } from '../../../../src/sdk/errors.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from '../transport/helpers.js';

async function errorFor(call: () => Promise<unknown>): Promise<StatusError> {
  try {
    await call();
  } catch (err) {
    assert.ok(err instanceof StatusError, `expected StatusError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}

test('a Status body becomes a StatusError with code, reason, message, details and retryAfter', async () => {
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server), { env: {} });
    const status = {
      kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 422, reason: 'Invalid',
      message: 'ConfigMap "x" is invalid: data.bad key: Invalid value',
      details: { name: 'x', kind: 'ConfigMap', causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value', field: 'data.bad key' }] },
    };
    server.reply({ status: 422, body: status, headers: { 'retry-after': '3' } });
    const err = await errorFor(() => client.configMaps().create({ metadata: { name: 'x' } }));
    assert.equal(err.code, 422);
    assert.equal(err.reason, 'Invalid');
    assert.equal(err.message, status.message);
    assert.deepEqual(err.details, status.details);
    assert.deepEqual(err.causes, status.details.causes);
    assert.equal(err.retryAfterSeconds, 3);
    assert.ok(isStatusError(err, 'Invalid'));

    server.reply({ status: 404, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'configmaps "nope" not found', details: { name: 'nope', kind: 'configmaps' } } });
    const notFound = await errorFor(() => client.configMaps().get('nope'));
    assert.ok(isStatusError(notFound, 404));
    assert.equal(notFound.message, 'configmaps "nope" not found');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('non-Status error bodies get client-go synthesized messages', async () => {
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server), { env: {}, retry: { maxRetries: 0 } });
    server.reply({ status: 404, headers: { 'content-type': 'text/plain' }, body: '404 page not found' });
    let err = await errorFor(() => client.getRaw('/nothing/here'));
    assert.equal(err.message, 'the server could not find the requested resource');
    assert.equal(err.reason, 'NotFound');

    server.reply({ status: 404, headers: { 'content-type': 'text/plain' }, body: '404 page not found' });
    err = await errorFor(() => client.resource({ group: 'example.com', version: 'v1', resource: 'widgets', namespaced: true }).namespace('ns').get('w1'));
    assert.equal(err.message, 'the server could not find the requested resource (get widgets.example.com w1)');

    server.reply({ status: 500, headers: { 'content-type': 'text/plain' }, body: 'database is on fire\n' });
    err = await errorFor(() => client.getRaw('/x'));
    assert.equal(err.message, 'an error on the server ("database is on fire") has prevented the request from succeeding');
    assert.equal(err.reason, 'InternalError');
    assert.equal(err.status.details?.causes?.[0]?.reason, 'UnexpectedServerResponse');

    server.reply({ status: 503, headers: { 'content-type': 'application/json' }, body: '{"error":"x"}' });
    err = await errorFor(() => client.namespaces().list());
    assert.equal(err.message, 'the server is currently unable to handle the request (get namespaces)');

    server.reply({ status: 409, body: '' });
    err = await errorFor(() => client.configMaps().create({ metadata: { name: 'dup' } }));
    assert.equal(err.reason, 'AlreadyExists');
    assert.equal(err.message, 'the server reported a conflict (post configmaps dup)');

    server.reply({ status: 403, headers: { 'content-type': 'text/plain' }, body: 'forbidden: user "bob" cannot list pods' });
    err = await errorFor(() => client.getRaw('/api/v1/pods'));
    assert.equal(err.message, 'forbidden: user "bob" cannot list pods');

    server.reply({ status: 418, body: '' });
    err = await errorFor(() => client.getRaw('/teapot'));
    assert.equal(err.message, 'the server responded with the status code 418 but did not return more information');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('406 Not Acceptable is reported clearly', async () => {
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server), { env: {} });
    server.reply({ status: 406, body: '' });
    const err = await errorFor(() => client.configMaps().getProtobuf('x'));
    assert.equal(err.reason, 'NotAcceptable');
    assert.equal(err.message, 'the server was unable to respond with a content type that the client supports (get configmaps x)');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('a 2xx body that is not JSON is a ProtocolError without the body in the message', async () => {
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server), { env: {} });
    server.reply({ headers: { 'content-type': 'application/json' }, body: 'token=abc123 <html>' });
    await assert.rejects(client.configMaps().get('x'), (err: unknown) => err instanceof ProtocolError && !err.message.includes('abc123'));
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
