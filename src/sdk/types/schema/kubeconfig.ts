/**
 * The types of a kubeconfig file (client-go's `clientcmd/api/v1` structs) as type schemas: the
 * SDK's config loader and the server's client-config reader decode files by them with kubectl's
 * rules and messages, `config set` navigates them, and they say which fields are known (the rest
 * is kept as it is). Here, beside the API types, so that the server may import them too.
 */
import { BOOLEAN as bool, BYTES as bytes, STRING as str, listOf, mapOf, type StructSchema, type TypeSchema, type UntypedSchema } from '../../../machinery/schema/type-schema.js';

/** `runtime.RawExtension`: a JSON value of whatever shape, kept as it is. */
const RAW_EXTENSION: UntypedSchema = { kind: 'untyped', name: 'runtime.RawExtension' };

/** A struct of package `v1` (as decoding errors name it: `v1.Cluster`, `Cluster.server`). */
function struct(name: string, fields: Record<string, TypeSchema>): StructSchema {
  return { kind: 'struct', name: `v1.${name}`, fields };
}

const strings = listOf(str);
const extensions = listOf(struct('NamedExtension', { name: str, extension: RAW_EXTENSION }));

const PREFERENCES = struct('Preferences', { colors: bool, extensions });

/** `clusters[].cluster`. */
export const CLUSTER = struct('Cluster', {
  server: str,
  'tls-server-name': str,
  'insecure-skip-tls-verify': bool,
  'certificate-authority': str,
  'certificate-authority-data': bytes,
  'proxy-url': str,
  'disable-compression': bool,
  extensions,
});

const EXEC = struct('ExecConfig', {
  command: str,
  args: strings,
  env: listOf(struct('ExecEnvVar', { name: str, value: str })),
  apiVersion: str,
  installHint: str,
  provideClusterInfo: bool,
  interactiveMode: str,
});

const AUTH_INFO = struct('AuthInfo', {
  'client-certificate': str,
  'client-certificate-data': bytes,
  'client-key': str,
  'client-key-data': bytes,
  token: str,
  tokenFile: str,
  as: str,
  'as-uid': str,
  'as-groups': strings,
  'as-user-extra': mapOf(strings),
  username: str,
  password: str,
  'auth-provider': struct('AuthProviderConfig', { name: str, config: mapOf(str) }),
  exec: EXEC,
  extensions,
});

const CONTEXT = struct('Context', { cluster: str, user: str, namespace: str, extensions });

/** A whole config file (`Config` v1). */
export const CONFIG = struct('Config', {
  kind: str,
  apiVersion: str,
  preferences: PREFERENCES,
  clusters: listOf(struct('NamedCluster', { name: str, cluster: CLUSTER })),
  users: listOf(struct('NamedAuthInfo', { name: str, user: AUTH_INFO })),
  contexts: listOf(struct('NamedContext', { name: str, context: CONTEXT })),
  'current-context': str,
  extensions,
});
