/**
 * INTROSPECTION=false: every validation refuses introspection (graphql's
 * NoSchemaIntrospectionCustomRule), over HTTP, graphql-ws and graphql-sse's
 * single connection alike. `@graphql-yoga/plugin-disable-introspection`,
 * used before, marked each HTTP request as Yoga parsed it and added the rule
 * for marked requests only: an operation over graphql-ws or graphql-sse's
 * single connection (never parsed as an HTTP request) was answered with the
 * schema, and every HTTP request paid a hook to be marked.
 */
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}
