// GET /api/health: for load balancers and the operator's first look.
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';

const Health = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

export function healthRoutes(): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/health',
      summary: 'Liveness: the API answers',
      tags: ['operations'],
      responses: { 200: { description: 'The API is up', schema: Health } },
      handler: () => ({ body: { status: 'ok', uptimeSeconds: Math.round(process.uptime()) } }),
    }),
  ];
}
