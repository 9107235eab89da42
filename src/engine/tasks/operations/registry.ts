import type { OperationName } from '../../../contract/operations';
import { diffusionOperation } from './diffusion';
import type { EngineOperation } from './types';
import { bindOperation } from './types';
import { upscaleOperation } from './upscale';

/**
 * The operations this engine carries out. Every other operation of the contract is
 * validated with its schema and then answered 501 until its media exists.
 */
const IMPLEMENTED: Partial<Record<OperationName, EngineOperation>> = {
  diffusion: bindOperation('diffusion', diffusionOperation),
  upscale: bindOperation('upscale', upscaleOperation),
};

export const engineOperation = (name: OperationName): EngineOperation | undefined =>
  IMPLEMENTED[name];

/** Operations the hosted service has suspended; the engine answers them 503 too. */
export const SUSPENDED: ReadonlySet<OperationName> = new Set<OperationName>(['enhance-upscale']);
