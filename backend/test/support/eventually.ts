/**
 * Tries `check` again until it answers without throwing (an `expect` inside it), and answers what
 * it answered; past `timeoutMs` the last failure is thrown, so a test says what it waited for.
 * The one way tests wait for something another process or a queue does.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
