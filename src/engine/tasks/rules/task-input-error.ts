/**
 * A task that cannot succeed however often it is tried: an input URL that was refused or
 * did not give an image. The attempt fails the task at once (refunded, like every failure)
 * instead of retrying as it does for transient faults.
 */
export class TaskInputError extends Error {}
