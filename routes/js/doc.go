// Package js extracts the routes a JavaScript or TypeScript server registers
// (Express, Fastify, Hono, NestJS) by running the routes/script interpreter
// over its modules with JavaScript's statements and the frameworks' calls.
package js
