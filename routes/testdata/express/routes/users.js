const { Router } = require('express');

const router = Router();

router.get('/', (req, res) => res.json([]));
router.post('/', (req, res) => res.status(201).end());
router.get('/:userId', (req, res) => res.json({}));
router.delete(`/:userId`, (req, res) => res.end());
router.get('/:userId/posts/:postId?', (req, res) => res.json([]));

module.exports = router;
