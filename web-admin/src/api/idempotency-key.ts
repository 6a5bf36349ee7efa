// A fresh Idempotency-Key for one user action, kept by the caller across that action's retries so the API
// appends it once. crypto.randomUUID exists only in secure contexts, and a venue's laptop often reaches the
// server over plain http on the local network; getRandomValues exists everywhere.
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
