const express = require('express');
const router = express.Router();

router.get('/:doorId', (req, res) => res.json({}));

module.exports = router;
