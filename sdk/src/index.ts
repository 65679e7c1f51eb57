/**
 * @unigraph/sdk: a typed client for the unigraph gateway. The operations in
 * sdk/operations are generated into typed documents (`npm run codegen`); pass
 * one to `client.request` and the variables and result are typed.
 */
export {
  createClient,
  credentialHeaders,
  type ClientOptions,
  type Credentials,
  type RequestOptions,
  type UnigraphClient,
} from './client.js';
export { UnigraphError, isUnigraphError, type GatewayErrorCode, type TransportErrorCode, type UnigraphErrorCode } from './errors.js';
export * from './generated/graphql.js';
