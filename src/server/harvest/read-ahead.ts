/**
 * A generator's items with the next one already asked for while the caller works on the current
 * one. A harvest writes a page while the remote prepares the next: a remote that takes half a
 * second a page, or a loaded machine, no longer adds that wait to every page.
 */
export async function* readAhead<T, R>(items: AsyncGenerator<T, R>): AsyncGenerator<T, R> {
  let next = items.next();
  for (;;) {
    const result = await next;
    if (result.done) return result.value;
    next = items.next();
    // A caller that stops early never awaits it: its failure is not an unhandled rejection.
    next.catch(() => {});
    yield result.value;
  }
}
