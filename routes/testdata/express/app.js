// An Express app: routers from another module, app.use prefixes, route()
// chains, an optional parameter, multi-line registrations, commented-out and
// string-only routes, Swagger UI's mount.
const express = require('express');
const users = require('./routes/users');
const { adminRouter } = require('./routes/admin');
const swaggerUi = require('swagger-ui-express');
const spec = require('./openapi.json');

const app = express();
const API = '/api';

app.use(express.json());
app.use(`${API}/users`, users);
app.use('/admin', adminRouter);
app.use('/api-docs', swaggerUi.serve, swaggerUi.setup(spec)); // the page for any method below
app.use('/reference', swaggerUi.serve); // files only
app.get('/reference', swaggerUi.setup(spec));

app.get('/health', (req, res) => res.send('ok'));
app
  .route('/books/:bookId')
  .get((req, res) => res.json({}))
  .put((req, res) => res.json({}));

/* app.get('/commented-out', handler) */
// app.post('/also-commented', handler)
const help = "app.get('/in-a-string', handler)";
const re = /app.get\('\/in-a-regex'\)/;

app.get(
  '/multi/line/:id(\\d+)',
  (req, res) => res.end(),
);

app.listen(3000);
