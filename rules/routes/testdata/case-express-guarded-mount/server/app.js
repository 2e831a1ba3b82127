const express = require('express');
const requireAuth = require('../lib/session-guard');
const doorsRouter = require('./doors');

const app = express();
app.use('/doors', requireAuth, doorsRouter);

module.exports = app;
