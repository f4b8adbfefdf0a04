/**
 * The declarations of the flags every command accepts (kubectl's "global" options): data only, so
 * that the start-up loader can find the command word past them without loading the CLI.
 */
import type { FlagSpec } from '../framework/spec.js';

/** The global flags with their literal names and types, which `globalOptionsFrom` reads. */
export const GLOBAL_FLAG_SPECS = [
  { name: 'as', type: 'string', default: '', description: 'Username to impersonate for the operation. User could be a regular user or a service account in a namespace.' },
  { name: 'as-group', type: 'stringArray', default: [], description: 'Group to impersonate for the operation, this flag can be repeated to specify multiple groups.' },
  { name: 'as-uid', type: 'string', default: '', description: 'UID to impersonate for the operation.' },
  { name: 'cache-dir', type: 'string', default: '', description: 'Default cache directory (default ~/.platform/cache)', complete: { kind: 'dir' } },
  { name: 'certificate-authority', type: 'string', default: '', description: 'Path to a cert file for the certificate authority', complete: { kind: 'file' } },
  { name: 'client-certificate', type: 'string', default: '', description: 'Path to a client certificate file for TLS', complete: { kind: 'file' } },
  { name: 'client-key', type: 'string', default: '', description: 'Path to a client key file for TLS', complete: { kind: 'file' } },
  { name: 'cluster', type: 'string', default: '', description: 'The name of the kubeconfig cluster to use', complete: { kind: 'cluster' } },
  { name: 'context', type: 'string', default: '', description: 'The name of the kubeconfig context to use', complete: { kind: 'context' } },
  { name: 'disable-compression', type: 'bool', default: false, description: 'If true, opt-out of response compression for all requests to the server' },
  { name: 'insecure-skip-tls-verify', type: 'bool', default: false, description: "If true, the server's certificate will not be checked for validity. This will make your HTTPS connections insecure" },
  { name: 'kubeconfig', type: 'string', default: '', description: 'Path to the kubeconfig file to use for CLI requests.', complete: { kind: 'file' } },
  { name: 'match-server-version', type: 'bool', default: false, description: 'Require server version to match client version' },
  { name: 'namespace', short: 'n', type: 'string', default: '', description: 'If present, the namespace scope for this CLI request', complete: { kind: 'namespace' } },
  { name: 'password', type: 'string', default: '', description: 'Password for basic authentication to the API server' },
  {
    name: 'request-timeout', type: 'string', default: '0',
    description: "The length of time to wait before giving up on a single server request. Non-zero values should contain a corresponding time unit (e.g. 1s, 2m, 3h). A value of zero means don't timeout requests; a request then still gives up when the server's response headers take 60s (PLATFORM_RESPONSE_HEADER_TIMEOUT), and an exec credential plugin run without the terminal after 60s (PLATFORM_EXEC_PLUGIN_TIMEOUT). Connecting gives up after 30s (PLATFORM_CONNECT_TIMEOUT). Each variable takes a duration; 0 waits forever. Watches, logs and exec sessions run as long as the server keeps them.",
  },
  { name: 'server', short: 's', type: 'string', default: '', description: 'The address and port of the API server' },
  { name: 'tls-server-name', type: 'string', default: '', description: 'Server name to use for server certificate validation. If it is not provided, the hostname used to contact the server is used' },
  { name: 'token', type: 'string', default: '', description: 'Bearer token for authentication to the API server' },
  { name: 'user', type: 'string', default: '', description: 'The name of the kubeconfig user to use', complete: { kind: 'user' } },
  { name: 'username', type: 'string', default: '', description: 'Username for basic authentication to the API server' },
  { name: 'v', short: 'v', type: 'int', default: 0, description: 'number for the log level verbosity' },
  { name: 'warnings-as-errors', type: 'bool', default: false, description: 'Treat warnings received from the server as errors and exit with a non-zero exit code' },
] as const satisfies readonly FlagSpec[];
