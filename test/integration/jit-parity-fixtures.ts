/**
 * The jit-parity suites' one step: a document sent three times to a gateway with COMPILE_AFTER_EXECUTIONS=2, so
 * that its first answer comes from Yoga's executor and its third from the compiled query (graphql-jit), each
 * answer kept to compare.
 */
import type { GraphQLResponse, TestGateway } from '../helpers/gateway.js';

export async function threeRuns(
  gw: Pick<TestGateway, 'query'>,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<Record<string, unknown>>[]> {
  const runs: GraphQLResponse<Record<string, unknown>>[] = [];
  for (let run = 0; run < 3; run++) runs.push(await gw.query(query, { variables, headers }));
  return runs;
}
