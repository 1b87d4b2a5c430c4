/**
 * `promise`, or an Error with `message` once `ms` have passed without it settling. The wait is
 * given up, not the work: whatever `promise` stands for may still finish later.
 */
export async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message = `Timed out after ${ms} ms`,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
