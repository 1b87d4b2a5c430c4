/**
 * The injection token of the process's shared Redis connection. Declared here so common/ (the
 * rate limits) can ask for it without depending on platform/; platform/redis provides it.
 */
export const REDIS = Symbol('REDIS');
