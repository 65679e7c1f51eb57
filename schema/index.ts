/** Imports every domain (each registers its types and root fields) and builds the schema once. */
import { specifiedDirectives } from 'graphql';
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { builder } from './builder.js';
import { costDirective, upstreamDirective } from './upstream-docs.js';
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
import './platform-extra.js';
import './mobile.js';
import './seller-profile.js';
import './messaging.js';
import './ai.js';
import './advertising.js';
import './crm.js';
import './discovery.js';
import './order-lifecycle.js';
import './media.js';
import './offers.js';
import './requests.js';
import './events.js';
import './node.js';

// @defer and @stream are declared here (rather than added by Yoga's defer-stream plugin at
// start-up) so the printed schema, and the clients generated from it, know them.
export const schemaDirectives = [...specifiedDirectives, GraphQLDeferDirective, GraphQLStreamDirective, upstreamDirective, costDirective];
export const schema = builder.toSchema({ directives: schemaDirectives });
