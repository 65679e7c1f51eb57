/**
 * The Relay example's operations, compiled by relay-compiler (relay.config.json:
 * `schemaConfig.nodeInterfaceIdField: "nodeId"`) into src/__generated__. An app
 * built with babel-plugin-relay has these tags replaced by the artifacts; this
 * example imports the artifacts directly (see environment.ts), so the tags are
 * only read by the compiler, never run.
 */
import { graphql } from 'relay-runtime';

export const operations = () => [
  // Item "1" and SeoReport "1": the same upstream id on two types, which a store keyed by `id` would merge.
  graphql`
    query ItemAndReportQuery($itemId: ID!, $reportId: ID!) {
      item(id: $itemId) {
        id
        ...ItemAndReport_item
      }
      seoReport(id: $reportId) {
        id
        url
        score
      }
    }
  `,
  // Refetchable: the compiler writes its refetch query as node(id:) selecting nodeId.
  graphql`
    fragment ItemAndReport_item on Item @refetchable(queryName: "ItemAndReportRefetchQuery") {
      name
      price {
        regular
      }
    }
  `,
];
