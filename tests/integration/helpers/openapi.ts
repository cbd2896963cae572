// The REST routes that the OpenAPI document (/api/docs/json, generated from the routes' declared
// contracts) lists: the coverage checks of authorization.test.ts and bad-input.test.ts compare their
// cases with this list, so a route added to the server is a route these suites must cover.
import type { FastifyInstance } from 'fastify';

export interface DocRoute {
  method: string;
  /** `GET /api/students/:id`: the method and the path with fastify's `:params`. */
  key: string;
  /** x-access: public, signedIn, student, teacher, admin, or `undeclared`. */
  access: string;
  /** Takes multipart/form-data rather than JSON. */
  multipart: boolean;
}

type Operation = { 'x-access'?: string; requestBody?: { content?: Record<string, unknown> } };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the OpenAPI document served by `app`, one per method and path. */
export async function docRoutes(app: FastifyInstance): Promise<DocRoute[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  const out: DocRoute[] = [];
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(ops)) {
      if (!METHODS.includes(m)) continue;
      const method = m.toUpperCase();
      out.push({
        method,
        key: `${method} ${p.replace(/\{(\w+)\}/g, ':$1')}`,
        access: op['x-access'] ?? 'undeclared',
        multipart: Object.keys(op.requestBody?.content ?? {}).includes('multipart/form-data'),
      });
    }
  return out;
}
