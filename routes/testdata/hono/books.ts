import { Hono } from 'hono';

export const books = new Hono();

books.get('/', (c) => c.json([]));
books.post('/', (c) => c.json({}, 201));
books.get('/:isbn', (c) => c.json({}));
