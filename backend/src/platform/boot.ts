/** A process that cannot boot says why in one readable block and exits non-zero. */
export function exitOnBootError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`\nCould not start: ${message}\n\n`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}
