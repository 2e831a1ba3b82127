// A Hono app: basePath, route() mounting a sub-app from another module, on()
// with several methods.
import { Hono } from 'hono';
import { books } from './books';

const app = new Hono().basePath('/api');

app.route('/books', books);
app.get('/', (c) => c.text('hi'));
app.on(['PUT', 'DELETE'], '/posts/:id{[0-9]+}', (c) => c.text(''));

export default app;
