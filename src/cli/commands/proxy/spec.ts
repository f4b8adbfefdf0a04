/** `platformctl proxy`: a local HTTP proxy to the API server with the user's credentials. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';

/** `platformctl proxy`. */
export const spec = defineCommand({
  name: 'proxy',
  usage: '[--port=PORT] [--www=static-dir] [--www-prefix=prefix] [--api-prefix=prefix]',
  summary: 'Run a proxy to the API server',
  description: [
    'Creates a proxy server or application-level gateway between localhost and the API server. It also allows serving static content over specified HTTP path. All incoming data enters through one port and gets forwarded to the remote API server port, except for the path matching the static content path.',
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: "To proxy all of the API at port 8011 and serve static content from ./local/www/ under /static/\n(then try 'curl http://localhost:8011/api/v1/pods')", command: `${BINARY_NAME} proxy --www=./local/www/ --port=8011 --www-prefix=/static/`, notRunnable: 'runs until interrupted' },
    { description: 'To proxy the entire API at a different root, use', command: `${BINARY_NAME} proxy --api-prefix=/custom/`, notRunnable: 'runs until interrupted' },
    { description: 'Run a proxy to the API server on port 8011, serving static content from ./local/www/', command: `${BINARY_NAME} proxy --port=8011 --www=./local/www/`, notRunnable: 'runs until interrupted' },
    { description: 'Run a proxy to the API server on an arbitrary local port\nThe chosen port for the server will be output to stdout', command: `${BINARY_NAME} proxy --port=0`, notRunnable: 'runs until interrupted' },
    { description: 'Run a proxy to the API server, changing the API prefix to k8s-api\nThis makes e.g. the pods API available at localhost:8001/k8s-api/v1/pods/', command: `${BINARY_NAME} proxy --api-prefix=/k8s-api`, notRunnable: 'runs until interrupted' },
  ],
  flags: [
    { name: 'accept-hosts', type: 'string', default: '^localhost$,^127\\.0\\.0\\.1$,^\\[::1\\]$', description: 'Regular expression for hosts that the proxy should accept.' },
    { name: 'accept-paths', type: 'string', default: '^.*', description: 'Regular expression for paths that the proxy should accept.' },
    { name: 'address', type: 'string', default: '127.0.0.1', description: 'The IP address on which to serve on.' },
    { name: 'api-prefix', type: 'string', default: '/', description: 'Prefix to serve the proxied API under.' },
    { name: 'append-server-path', type: 'bool', default: false, description: 'If true, enables automatic path appending of the kube context server path to each request.' },
    { name: 'disable-filter', type: 'bool', default: false, description: 'If true, disable request filtering in the proxy. This is dangerous, and can leave you vulnerable to XSRF attacks, when used with an accessible port.' },
    { name: 'keepalive', type: 'duration', default: '0s', description: 'keepalive specifies the keep-alive period for an active network connection. Set to 0 to disable keepalive.' },
    { name: 'port', short: 'p', type: 'int', default: 8001, description: 'The port on which to run the proxy. Set to 0 to pick a random port.' },
    { name: 'reject-methods', type: 'string', default: '^$', description: "Regular expression for HTTP methods that the proxy should reject (example --reject-methods='POST,PUT,PATCH'). " },
    { name: 'reject-paths', type: 'string', default: '^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach', description: 'Regular expression for paths that the proxy should reject. Paths specified here will be rejected even accepted by --accept-paths.' },
    { name: 'unix-socket', short: 'u', type: 'string', default: '', description: 'Unix socket on which to run the proxy.' },
    { name: 'www', short: 'w', type: 'string', default: '', description: 'Also serve static files from the given directory under the specified prefix.', complete: { kind: 'dir' } },
    { name: 'www-prefix', short: 'P', type: 'string', default: '/static/', description: 'Prefix to serve static files under, if static file directory is specified.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
