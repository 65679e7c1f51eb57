/** Imports every domain (each registers its types and root fields) and builds the schema once. */
import { builder } from './builder.js';
import { upstreamDirective } from './upstream-docs.js';
import './scalars.js';
import './connection.js';
import './shared.js';
import './users.js';
import './platform.js';
import './sellers.js';
import './gigs.js';
import './orders.js';
import './seo.js';
import './items.js';

export const schema = builder.toSchema({ directives: [upstreamDirective] });
