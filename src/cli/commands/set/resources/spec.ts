/** `platformctl set resources`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { setFlags } from '../shared/set-command.js';
import { RECORD_FLAG } from '../../../flags/record.js';

/** `set resources`. */
export const spec = defineCommand({
  name: 'resources',
  usage: '(-f FILENAME | TYPE NAME)  ([--limits=LIMITS & --requests=REQUESTS]',
  summary: 'Update resource requests/limits on objects with pod templates',
  description: [
    'Specify compute resource requirements (CPU, memory) for any resource that defines a pod template.  If a pod is successfully scheduled, it is guaranteed the amount of resource requested, but may burst up to its specified limits.',
    '',
    ' For each compute resource, if a limit is specified and a request is omitted, the request will default to the limit.',
    '',
    ` Possible resources include (case insensitive): Use "${BINARY_NAME} api-resources" for a complete list of supported resources..`,
  ].join('\n'),
  examples: [
    { description: 'Set a deployments web container cpu limits to "200m" and memory to "512Mi"', command: `${BINARY_NAME} set resources deployment web -c=web --limits=cpu=200m,memory=512Mi` },
    { description: 'Set the resource request and limits for all containers in web', command: `${BINARY_NAME} set resources deployment web --limits=cpu=200m,memory=512Mi --requests=cpu=100m,memory=256Mi` },
    { description: 'Remove the resource requests for resources on containers in web', command: `${BINARY_NAME} set resources deployment web --limits=cpu=0,memory=0 --requests=cpu=0,memory=0` },
    { description: 'Print the result (in yaml format) of updating nginx container limits from a local, without hitting the server', command: `${BINARY_NAME} set resources -f path/to/file.yaml --limits=cpu=200m,memory=512Mi --local -o yaml`, notRunnable: 'needs path/to/file.yaml' },
  ],
  flags: setFlags('resources', [
    RECORD_FLAG,
    { name: 'containers', short: 'c', type: 'string', default: '*', description: 'The names of containers in the selected pod templates to change, all containers are selected by default - may use wildcards' },
    { name: 'limits', type: 'string', default: '', description: "The resource requirement requests for this container.  For example, 'cpu=100m,memory=256Mi'.  Note that server side components may assign requests depending on the server configuration, such as limit ranges." },
    { name: 'requests', type: 'string', default: '', description: "The resource requirement requests for this container.  For example, 'cpu=100m,memory=256Mi'.  Note that server side components may assign requests depending on the server configuration, such as limit ranges." },
  ]),
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
