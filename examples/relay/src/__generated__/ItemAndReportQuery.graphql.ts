/**
 * @generated SignedSource<<843a84153dce69a5e586d6e757629876>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ItemAndReportQuery$variables = {
  itemId: string;
  reportId: string;
};
export type ItemAndReportQuery$data = {
  readonly item: {
    readonly id: string;
    readonly " $fragmentSpreads": FragmentRefs<"ItemAndReport_item">;
  } | null | undefined;
  readonly seoReport: {
    readonly id: string;
    readonly score: number | null | undefined;
    readonly url: string;
  } | null | undefined;
};
export type ItemAndReportQuery = {
  response: ItemAndReportQuery$data;
  variables: ItemAndReportQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "itemId"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "reportId"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "id",
    "variableName": "itemId"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v3 = [
  {
    "kind": "Variable",
    "name": "id",
    "variableName": "reportId"
  }
],
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "url",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "score",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "nodeId",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "ItemAndReportQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "Item",
        "kind": "LinkedField",
        "name": "item",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ItemAndReport_item"
          }
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": (v3/*:: as any*/),
        "concreteType": "SeoReport",
        "kind": "LinkedField",
        "name": "seoReport",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          (v4/*:: as any*/),
          (v5/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ItemAndReportQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "Item",
        "kind": "LinkedField",
        "name": "item",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
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
          (v6/*:: as any*/)
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": (v3/*:: as any*/),
        "concreteType": "SeoReport",
        "kind": "LinkedField",
        "name": "seoReport",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          (v4/*:: as any*/),
          (v5/*:: as any*/),
          (v6/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "7b0f44555b920317ede0f912d2c8352c",
    "id": null,
    "metadata": {},
    "name": "ItemAndReportQuery",
    "operationKind": "query",
    "text": "query ItemAndReportQuery(\n  $itemId: ID!\n  $reportId: ID!\n) {\n  item(id: $itemId) {\n    id\n    ...ItemAndReport_item\n    nodeId\n  }\n  seoReport(id: $reportId) {\n    id\n    url\n    score\n    nodeId\n  }\n}\n\nfragment ItemAndReport_item on Item {\n  name\n  price {\n    regular\n  }\n  nodeId\n}\n"
  }
};
})();

(node as any).hash = "961bcd91bbb4c483337fe039fbfcca01";

export default node;
