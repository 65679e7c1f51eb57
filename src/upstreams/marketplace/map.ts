/**
 * Marketplace payloads (snake_case) → graph shapes (camelCase). The document
 * shows no fields; `docs/upstream-contract.md` names the ones relied on and
 * lists the rest. Adapting to a real deployment whose field names differ is a
 * change to these files only.
 *
 * Every shape goes through `graphShape` (./graph-shape.ts). The shapes are
 * split by domain under ./map/; this file gathers them so callers import one
 * module.
 */
export { graphFieldName } from './graph-shape.js';
export * from './map/core.js';
export * from './map/commerce.js';
export * from './map/platform.js';
export * from './map/engagement.js';
