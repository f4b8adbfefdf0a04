/**
 * The field types of a kubeconfig file (client-go's `clientcmd/api/v1` structs), used to type-check
 * a parsed file with the same rules and messages as kubectl's decoder, and to know which fields are
 * known (the rest is kept as it is).
 */

/** The type of one field. */
export type FieldSchema =
  | { t: 'string' }
  | { t: 'bool' }
  /** `[]byte`: base64 text in the file. */
  | { t: 'bytes' }
  /** `[]string`. */
  | { t: 'strings' }
  /** `map[string]string`. */
  | { t: 'stringMap' }
  /** `map[string][]string`. */
  | { t: 'stringsMap' }
  /** Any JSON (`runtime.RawExtension`). */
  | { t: 'raw' }
  | { t: 'struct'; s: StructSchema }
  | { t: 'list'; s: StructSchema };

/** A struct: its Go name (for messages) and its fields by file name. */
export interface StructSchema {
  go: string;
  fields: Record<string, FieldSchema>;
}

const str: FieldSchema = { t: 'string' };
const bool: FieldSchema = { t: 'bool' };
const bytes: FieldSchema = { t: 'bytes' };

const NAMED_EXTENSION: StructSchema = { go: 'NamedExtension', fields: { name: str, extension: { t: 'raw' } } };
const extensions: FieldSchema = { t: 'list', s: NAMED_EXTENSION };

const PREFERENCES: StructSchema = { go: 'Preferences', fields: { colors: bool, extensions } };

/** `clusters[].cluster`. */
export const CLUSTER: StructSchema = {
  go: 'Cluster',
  fields: {
    server: str,
    'tls-server-name': str,
    'insecure-skip-tls-verify': bool,
    'certificate-authority': str,
    'certificate-authority-data': bytes,
    'proxy-url': str,
    'disable-compression': bool,
    extensions,
  },
};

const EXEC_ENV_VAR: StructSchema = { go: 'ExecEnvVar', fields: { name: str, value: str } };

const EXEC: StructSchema = {
  go: 'ExecConfig',
  fields: {
    command: str,
    args: { t: 'strings' },
    env: { t: 'list', s: EXEC_ENV_VAR },
    apiVersion: str,
    installHint: str,
    provideClusterInfo: bool,
    interactiveMode: str,
  },
};

const AUTH_PROVIDER: StructSchema = { go: 'AuthProviderConfig', fields: { name: str, config: { t: 'stringMap' } } };

const AUTH_INFO: StructSchema = {
  go: 'AuthInfo',
  fields: {
    'client-certificate': str,
    'client-certificate-data': bytes,
    'client-key': str,
    'client-key-data': bytes,
    token: str,
    tokenFile: str,
    as: str,
    'as-uid': str,
    'as-groups': { t: 'strings' },
    'as-user-extra': { t: 'stringsMap' },
    username: str,
    password: str,
    'auth-provider': { t: 'struct', s: AUTH_PROVIDER },
    exec: { t: 'struct', s: EXEC },
    extensions,
  },
};

const CONTEXT: StructSchema = { go: 'Context', fields: { cluster: str, user: str, namespace: str, extensions } };

const NAMED_CLUSTER: StructSchema = { go: 'NamedCluster', fields: { name: str, cluster: { t: 'struct', s: CLUSTER } } };
const NAMED_AUTH_INFO: StructSchema = { go: 'NamedAuthInfo', fields: { name: str, user: { t: 'struct', s: AUTH_INFO } } };
const NAMED_CONTEXT: StructSchema = { go: 'NamedContext', fields: { name: str, context: { t: 'struct', s: CONTEXT } } };

/** A whole config file (`Config` v1). */
export const CONFIG: StructSchema = {
  go: 'Config',
  fields: {
    kind: str,
    apiVersion: str,
    preferences: { t: 'struct', s: PREFERENCES },
    clusters: { t: 'list', s: NAMED_CLUSTER },
    users: { t: 'list', s: NAMED_AUTH_INFO },
    contexts: { t: 'list', s: NAMED_CONTEXT },
    'current-context': str,
    extensions,
  },
};

/** The Go spelling of a field type, as `encoding/json` names it in errors. */
export function goTypeName(f: FieldSchema): string {
  switch (f.t) {
    case 'string':
      return 'string';
    case 'bool':
      return 'bool';
    case 'bytes':
      return '[]uint8';
    case 'strings':
      return '[]string';
    case 'stringMap':
      return 'map[string]string';
    case 'stringsMap':
      return 'map[string][]string';
    case 'raw':
      return 'runtime.RawExtension';
    case 'struct':
      return `v1.${f.s.go}`;
    case 'list':
      return `[]v1.${f.s.go}`;
  }
}
