/**
 * `platformctl create token SERVICE_ACCOUNT_NAME`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { OBJECT_OUTPUT_FLAGS } from '../../../output/index.js';

const NEEDS_MYAPP = 'the uid must be that of an existing secret, which differs on every server';

/** Kinds a token can be bound to, with their apiVersion (sorted for messages). */
export const BOUND_OBJECT_KINDS: Readonly<Record<string, string>> = { Node: 'v1', Pod: 'v1', Secret: 'v1' };

/** `create token`. */
export const spec = defineCommand({
  name: 'token',
  usage: 'SERVICE_ACCOUNT_NAME',
  summary: 'Request a service account token',
  description: 'Request a service account token.',
  examples: [
    { description: 'Request a token to authenticate to the API server as the service account "myapp" in the current namespace', command: `${BINARY_NAME} create token myapp` },
    { description: 'Request a token for a service account in a custom namespace', command: `${BINARY_NAME} create token myapp --namespace myns` },
    { description: 'Request a token with a custom expiration', command: `${BINARY_NAME} create token myapp --duration 10m` },
    { description: 'Request a token with a custom audience', command: `${BINARY_NAME} create token myapp --audience https://example.com` },
    { description: 'Request a token bound to an instance of a Secret object', command: `${BINARY_NAME} create token myapp --bound-object-kind Secret --bound-object-name mysecret` },
    { description: 'Request a token bound to an instance of a Secret object with a specific UID', command: `${BINARY_NAME} create token myapp --bound-object-kind Secret --bound-object-name mysecret --bound-object-uid 0d4691ed-659b-4935-a832-355f77ee47cc`, notRunnable: NEEDS_MYAPP },
  ],
  flags: [
    ...OBJECT_OUTPUT_FLAGS,
    { name: 'audience', type: 'stringArray', default: [], description: 'Audience of the requested token. If unset, defaults to requesting a token for use with the API server. May be repeated to request a token valid for multiple audiences.' },
    { name: 'bound-object-kind', type: 'string', default: '', description: `Kind of an object to bind the token to. Supported kinds are ${Object.keys(BOUND_OBJECT_KINDS).join(', ')}. If set, --bound-object-name must be provided.` },
    { name: 'bound-object-name', type: 'string', default: '', description: 'Name of an object to bind the token to. The token will expire when the object is deleted. Requires --bound-object-kind.' },
    { name: 'bound-object-uid', type: 'string', default: '', description: 'UID of an object to bind the token to. Requires --bound-object-kind and --bound-object-name. If unset, the UID of the existing object is used.' },
    { name: 'duration', type: 'duration', default: '0s', description: 'Requested lifetime of the issued token. If not set or if set to 0, the lifetime will be determined by the server automatically. The server may return a token with a longer or shorter lifetime.' },
  ],
  args: 'resource-names-of-first-arg',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
