/**
 * At most `limit` calls of the returned wrapper run at once; the rest wait their turn in order.
 * Password hashing is the app's one expensive operation: bounding it keeps a flood of requests that
 * hash from taking every CPU (and the thread pool) from the members' page views.
 */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
