const express = require('express');
const router = express.Router();

router.post('/', (req, res) => res.status(201).json({}));
router.get('/:bulbId', (req, res) => res.json({}));

module.exports = router;
