/** See docs/design.md#notes-1 and https://example.com/docs/elsewhere.md. */
export const re = /docs\/x.md/; // division: a / b
