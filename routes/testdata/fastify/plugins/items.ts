import type { FastifyInstance } from 'fastify';

export default async function items(fastify: FastifyInstance, opts: object) {
  fastify.get('/', async () => []);
  fastify.get<{ Params: { id: string } }>('/:id', async () => ({}));
  fastify.delete('/:id', async () => null);
}
