/**
 * @generated SignedSource<<8ad807282c74d8d73f15f7c4129991c4>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ItemAndReport_item$data = {
  readonly name: string;
  readonly nodeId: string;
  readonly price: {
    readonly regular: number;
  } | null | undefined;
  readonly " $fragmentType": "ItemAndReport_item";
};
export type ItemAndReport_item$key = {
  readonly " $data"?: ItemAndReport_item$data;
  readonly " $fragmentSpreads": FragmentRefs<"ItemAndReport_item">;
};

import ItemAndReportRefetchQuery_graphql from './ItemAndReportRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": ItemAndReportRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "nodeId",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "ItemAndReport_item",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "ItemPrice",
      "kind": "LinkedField",
      "name": "price",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "regular",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "nodeId",
      "storageKey": null
    }
  ],
  "type": "Item",
  "abstractKey": null
};

(node as any).hash = "78ed06c3cd13fac7457ddfc2df7a74f4";

export default node;
