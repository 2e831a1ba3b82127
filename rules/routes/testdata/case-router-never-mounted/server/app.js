const express = require('express');
const app = express();

app.use('/lamps', require('./routes/lamps'));

module.exports = app;
