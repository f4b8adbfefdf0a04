/** `platformctl logs`: print the logs of a container in a pod or of the pods of a controller. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';
import { LOGS_POD_RUNNING_TIMEOUT_FLAG } from '../../pods/session-flags.js';

/** `platformctl logs`. */
export const spec = defineCommand({
  name: 'logs',
  usage: '[-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]',
  summary: 'Print the logs for a container in a pod',
  description: 'Print the logs for a container in a pod or specified resource. If the pod has only one container, the container name is optional.',
  group: 'Troubleshooting and Debugging Commands',
  examples: [
    { description: 'Return snapshot logs from pod nginx with only one container', command: `${BINARY_NAME} logs nginx`, notRunnable: 'needs a running pod' },
    { description: 'Return snapshot logs from pod nginx, prefixing each line with the source pod and container name', command: `${BINARY_NAME} logs nginx --prefix`, notRunnable: 'needs a running pod' },
    { description: 'Return snapshot logs from pod nginx, limiting output to 500 bytes', command: `${BINARY_NAME} logs nginx --limit-bytes=500`, notRunnable: 'needs a running pod' },
    { description: 'Return snapshot logs from pod nginx, waiting up to 20 seconds for it to start running.', command: `${BINARY_NAME} logs nginx --pod-running-timeout=20s`, notRunnable: 'needs a running pod' },
    { description: 'Return snapshot logs from pod nginx with multi containers', command: `${BINARY_NAME} logs nginx --all-containers=true`, notRunnable: 'needs a running pod' },
    { description: 'Return snapshot logs from all pods in the deployment nginx', command: `${BINARY_NAME} logs deployment/nginx --all-pods=true`, notRunnable: 'needs a deployment' },
    { description: 'Return snapshot logs from all containers in pods defined by label app=nginx', command: `${BINARY_NAME} logs -l app=nginx --all-containers=true`, notRunnable: 'needs running pods' },
    { description: 'Return snapshot logs from all pods defined by label app=nginx, limiting concurrent log requests to 10 pods', command: `${BINARY_NAME} logs -l app=nginx --max-log-requests=10`, notRunnable: 'needs running pods' },
    { description: 'Return snapshot of previous terminated ruby container logs from pod web-1', command: `${BINARY_NAME} logs -p -c ruby web-1`, notRunnable: 'needs a restarted container' },
    { description: 'Begin streaming the logs from pod nginx, continuing even if errors occur', command: `${BINARY_NAME} logs nginx -f --ignore-errors=true`, notRunnable: 'streams until interrupted' },
    { description: 'Begin streaming the logs of the ruby container in pod web-1', command: `${BINARY_NAME} logs -f -c ruby web-1`, notRunnable: 'streams until interrupted' },
    { description: 'Begin streaming the logs from all containers in pods defined by label app=nginx', command: `${BINARY_NAME} logs -f -l app=nginx --all-containers=true`, notRunnable: 'streams until interrupted' },
    { description: 'Display only the most recent 20 lines of output in pod nginx', command: `${BINARY_NAME} logs --tail=20 nginx`, notRunnable: 'needs a running pod' },
    { description: 'Show all logs from pod nginx written in the last hour', command: `${BINARY_NAME} logs --since=1h nginx`, notRunnable: 'needs a running pod' },
    { description: 'Show all logs with timestamps from pod nginx starting from August 30, 2024, at 06:00:00 UTC', command: `${BINARY_NAME} logs nginx --since-time=2024-08-30T06:00:00Z --timestamps=true`, notRunnable: 'needs a running pod' },
    { description: 'Show logs from a kubelet with an expired serving certificate', command: `${BINARY_NAME} logs --insecure-skip-tls-verify-backend nginx`, notRunnable: 'needs a running pod' },
    { description: 'Return snapshot logs from first container of a job named hello', command: `${BINARY_NAME} logs job/hello`, notRunnable: 'needs a job' },
    { description: 'Return snapshot logs from container nginx-1 of a deployment named nginx', command: `${BINARY_NAME} logs deployment/nginx -c nginx-1`, notRunnable: 'needs a deployment' },
  ],
  flags: [
    { name: 'all-containers', type: 'bool', default: false, description: "Get all containers' logs in the pod(s)." },
    { name: 'all-pods', type: 'bool', default: false, description: 'Get logs from all pod(s). Sets prefix to true.' },
    { name: 'container', short: 'c', type: 'string', default: '', description: 'Print the logs of this container' },
    { name: 'follow', short: 'f', type: 'bool', default: false, description: 'Specify if the logs should be streamed.' },
    { name: 'ignore-errors', type: 'bool', default: false, description: 'If watching / following pod logs, allow for any errors that occur to be non-fatal' },
    { name: 'insecure-skip-tls-verify-backend', type: 'bool', default: false, description: 'Skip verifying the identity of the kubelet that logs are requested from.  In theory, an attacker could provide invalid log content back. You might want to use this if your kubelet serving certificates have expired.' },
    { name: 'limit-bytes', type: 'int', default: 0, description: 'Maximum bytes of logs to return. Defaults to no limit.' },
    { name: 'max-log-requests', type: 'int', default: 5, description: 'Specify maximum number of concurrent logs to follow when using by a selector. Defaults to 5.' },
    LOGS_POD_RUNNING_TIMEOUT_FLAG,
    { name: 'prefix', type: 'bool', default: false, description: 'Prefix each log line with the log source (pod name and container name)' },
    { name: 'previous', short: 'p', type: 'bool', default: false, description: 'If true, print the logs for the previous instance of the container in a pod if it exists.' },
    SELECTOR_FLAG_EQUALITY_HELP,
    { name: 'since', type: 'duration', default: '0s', description: 'Only return logs newer than a relative duration like 5s, 2m, or 3h. Defaults to all logs. Only one of since-time / since may be used.' },
    { name: 'since-time', type: 'string', default: '', description: 'Only return logs after a specific date (RFC3339). Defaults to all logs. Only one of since-time / since may be used.' },
    { name: 'tail', type: 'int', default: -1, description: 'Lines of recent log file to display. Defaults to -1 with no selector, showing all log lines otherwise 10, if a selector is provided.' },
    { name: 'timestamps', type: 'bool', default: false, description: 'Include timestamps on each line in the log output' },
  ],
  args: 'resource-names-of-first-arg',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
