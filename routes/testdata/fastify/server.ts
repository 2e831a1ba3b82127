// A Fastify server: plugins registered with prefixes, a plugin in another
// module, route() with a method list, fastify-plugin.
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import itemRoutes from './plugins/items';

const app = Fastify({ logger: true });

app.register(itemRoutes, { prefix: '/v1/items' });
app.register(async (api) => {
  api.get('/me', async () => ({}));
  api.route({ method: ['GET', 'POST'], url: '/prefs', handler: async () => ({}) });
}, { prefix: '/v1' });
app.register(fp(async function health(f) {
  f.get('/health', async () => 'ok');
}));

app.listen({ port: 3000 });
