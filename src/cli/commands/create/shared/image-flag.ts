/** `--image` of `create job` and `create cronjob`: the image of the job's one container. */
import type { FlagSpec } from '../../../framework/spec.js';

/** `--image`. */
export const IMAGE_FLAG = { name: 'image', type: 'string', default: '', description: 'Image name to run.' } as const satisfies FlagSpec;
