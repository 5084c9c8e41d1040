/**
 * Wakes this process's webhook dispatchers at once (instead of at their next poll): called
 * after a transaction that queued deliveries commits (server/webhooks/outbox.ts). Kept on
 * `globalThis` like the runtime (server/runtime.ts): the server entry and the panel's
 * bundle are separate module copies and must reach the same dispatchers.
 */
const KEY = Symbol.for("b2b.webhookDispatchers");
const holder = globalThis as unknown as { [KEY]?: Set<() => void> };

function wakers(): Set<() => void> {
  return (holder[KEY] ??= new Set());
}

export function onWake(wake: () => void): () => void {
  wakers().add(wake);
  return () => wakers().delete(wake);
}

export function wakeDispatchers(): void {
  for (const wake of wakers()) wake();
}
