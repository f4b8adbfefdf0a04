/**
 * The flags of the commands that open a session with a container (`attach`, `exec`, and `-c` of
 * `cp`), and the `--pod-running-timeout` they share with `port-forward` and `run` (`logs` and
 * `cluster-info dump` wait 20 seconds), declared once.
 */
import type { FlagSpec } from '../framework/spec.js';

/** `-c`: the container, else the default-container annotation or the first container. */
export const CONTAINER_FLAG = { name: 'container', short: 'c', type: 'string', default: '', description: 'Container name. If omitted, use the platformctl.platform.io/default-container annotation for selecting the container to be attached or the first container in the pod will be chosen' } as const satisfies FlagSpec;

/** `--pod-running-timeout` with kubectl's default of a minute. */
export const POD_RUNNING_TIMEOUT_FLAG = { name: 'pod-running-timeout', type: 'duration', default: '1m0s', description: 'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running' } as const satisfies FlagSpec;

/** `--pod-running-timeout` of `logs` and `cluster-info dump`, whose default is 20 seconds. */
export const LOGS_POD_RUNNING_TIMEOUT_FLAG = { ...POD_RUNNING_TIMEOUT_FLAG, default: '20s' } as const satisfies FlagSpec;

/** `-q`, `-i` and `-t` of `attach` and `exec`. */
export const SESSION_FLAGS = [
  { name: 'quiet', short: 'q', type: 'bool', default: false, description: 'Only print output from the remote session' },
  { name: 'stdin', short: 'i', type: 'bool', default: false, description: 'Pass stdin to the container' },
  { name: 'tty', short: 't', type: 'bool', default: false, description: 'Stdin is a TTY' },
] as const satisfies readonly FlagSpec[];
