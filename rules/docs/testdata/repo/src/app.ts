// Rendering follows docs/wire/frame_wire.md#frame-wire.
const re = /"docs\/missing-in-regex.md/; // and a division: a / b // docs/ts-missing.md
const t = `template // docs/missing-in-template.md ${re}`;
/** JSDoc cites docs/design.md#desing. */
export const x = 1;
