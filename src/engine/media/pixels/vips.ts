import { availableParallelism } from 'node:os';
import sharp from 'sharp';

/**
 * sharp starts libvips with one worker thread on glibc (to limit heap fragmentation); media
 * renders are few and large here, so each pipeline may use every core. Imported for its
 * effect by the modules that run sharp pipelines.
 */
sharp.concurrency(Math.max(sharp.concurrency(), availableParallelism()));
