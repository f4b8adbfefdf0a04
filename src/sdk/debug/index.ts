/** Building what `debug` creates: ephemeral debug containers, pod copies and node debug pods. */
export { applyCustomProfile, parseCustomProfile, CUSTOM_PROFILE_FORBIDDEN } from './custom-profile.js';
export { debugContainerName, ephemeralContainersPatch, ephemeralDebugPod, nodeDebugPod, podCopyForDebug } from './debug-objects.js';
export type { CopyDebugOptions, DebugContainerName, DebugContainerOptions, EphemeralDebugOptions } from './debug-objects.js';
export { applyDebugProfile, DEBUG_PROFILES, isDebugProfile } from './profiles.js';
export type { DebugProfile, DebugStyle, KeepFlags } from './profiles.js';
export { INVALID_REFERENCE_FORMAT, isImageReference } from './image-reference.js';
export { randomSuffix } from './random-suffix.js';
