# The goals are in docs/design.md#goals; the notes in ./docs/design.md#notes.
PATH = "# docs/not-a-comment.md"
