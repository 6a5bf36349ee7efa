// `serve` options, checked before the server opens anything.
import { z } from 'zod';
import { DemoArguments } from './demo.ts';

export const ServeArguments = DemoArguments.extend({
  demo: z.boolean().default(false),
  port: z.coerce.number().int().min(0).max(65535, 'a port from 0 to 65535').optional(),
  pace: z.coerce.number().int().min(0, 'milliseconds, 0 or more').max(60_000, 'at most 60000 ms'),
});
export type ServeArguments = z.infer<typeof ServeArguments>;
