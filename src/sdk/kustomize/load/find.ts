/** Whether a directory holds a kustomization file (for `-f DIR`, which must not read one as a manifest). */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { KUSTOMIZE } from '../../naming.js';

/** The kustomization file names kustomize recognises. */
export const KUSTOMIZATION_FILE_NAMES: readonly string[] = KUSTOMIZE.fileNames;

/** True when `dir` contains one of the recognised kustomization file names. */
export async function hasKustomizationFile(dir: string): Promise<boolean> {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info?.isFile() === true) return true;
  }
  return false;
}
