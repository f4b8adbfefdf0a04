/**
 * The pod templates of the workload generators (deployment, job, cronjob): containers as
 * `corev1.Container` structs and templates as `corev1.PodTemplateSpec`, in Go field order.
 */
import { randomInt } from 'node:crypto';
import { nonEmpty, objectMeta, struct, type Struct } from '../../../resource-builders/typed.js';

/** One container of a generated template. */
export interface ContainerFields {
  name: string;
  image: string;
  command?: readonly string[] | undefined;
  /** A single `containerPort` (deployment's `--port`). */
  containerPort?: number | undefined;
}

/** `corev1.Container`: `resources` is a struct and always printed (`{}`). */
export function container(fields: ContainerFields): Struct {
  return struct({
    name: fields.name,
    image: nonEmpty(fields.image),
    command: fields.command === undefined ? undefined : nonEmpty([...fields.command]),
    ports: fields.containerPort === undefined ? undefined : [{ containerPort: fields.containerPort }],
    resources: {},
  });
}

/** `corev1.PodTemplateSpec` with the given labels, containers and restart policy. */
export function podTemplate(labels: Readonly<Record<string, string>> | undefined, containers: readonly Struct[], restartPolicy?: string): Struct {
  return {
    metadata: objectMeta({ labels }),
    spec: struct({ containers: [...containers], restartPolicy: nonEmpty(restartPolicy) }),
  };
}

/** The alphabet of apimachinery's `rand.String` (no vowels, no confusable digits). */
const RANDOM_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * kubectl's container name for an image (`create deployment`): the last path segment without tag
 * or digest; `_` and `.` become `-` and then a random five-character suffix keeps names unique.
 */
export function containerNameForImage(image: string): string {
  let name = image.split('/').at(-1) ?? image;
  if (name.includes(':')) name = name.split(':')[0] ?? '';
  if (name.includes('@')) name = name.split('@')[0] ?? '';
  if (/[_.]/.test(name)) {
    let suffix = '';
    for (let i = 0; i < 5; i++) suffix += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
    name = `${name.replace(/[_.]/g, '-')}-${suffix}`;
  }
  return name;
}
