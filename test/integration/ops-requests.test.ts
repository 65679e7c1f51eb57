/**
 * Buyer requests and proposals through the gateway against the sandbox:
 * posting a request, the public board, proposing, and the proposal machine
 * (shortlist → counter → accept the counter; reject; withdraw; accept), with
 * the illegal steps the upstream refuses (CONFLICT) and the roles it checks.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { as, expectError, expectOk, expectScopeRequired, marketplaceCalls, sentJson } from '../helpers/operations.js';

const gw = useTestGateway({}, ['marketplace']);

const BUYER = 'mallory';
const buyerWrite = as(BUYER, 'orders.write');

const createRequest =
  'mutation($input: CreateBuyerRequestInput!) { createBuyerRequest(input: $input) { request { id status title budget currency deliveryDays proposalsCount buyer { username } } } }';
const submit =
  'mutation($input: SubmitProposalInput!) { submitProposal(input: $input) { proposal { id status price deliveryDays sellerUsername requestId requestTitle } } }';
const stepDoc = (name: string, input = 'ProposalActionInput') =>
  `mutation($input: ${input}!) { ${name}(input: $input) { proposal { id status counterPrice counterMessage offerId offer { id status price sellerUsername buyerUsername proposalId } } } }`;

type Proposal = {
  id: string;
  status: string;
  counterPrice: number | null;
  offerId: string | null;
  offer: { id: string; status: string; price: number; proposalId: string } | null;
};

async function postRequest(title = 'Landing page copy for a bakery') {
  const input = { title, description: 'Five sections, friendly tone, SEO aware.', budget: 250, deliveryDays: 7 };
  const data = expectOk(
    await gw.query<{ createBuyerRequest: { request: { id: string } } }>(createRequest, { variables: { input }, headers: buyerWrite }),
  );
  gw.resetCalls();
  return data.createBuyerRequest.request.id;
}

async function propose(requestId: string, seller: string, price = 200) {
  const input = { requestId, message: 'I have written copy for twenty bakeries.', price, deliveryDays: 5 };
  const data = expectOk(
    await gw.query<{ submitProposal: { proposal: { id: string; status: string } } }>(submit, {
      variables: { input },
      headers: as(seller, 'gigs.write'),
    }),
  );
  gw.resetCalls();
  return data.submitProposal.proposal.id;
}

async function step(name: string, id: string, headers: Record<string, string>, extra: Record<string, unknown> = {}, input?: string) {
  return gw.query<Record<string, { proposal: Proposal }>>(stepDoc(name, input), { variables: { input: { id, ...extra } }, headers });
}

describe('buyer requests', () => {
  it('need orders.write to post and orders.read to list', async () => {
    await expectScopeRequired(gw, createRequest, 'createBuyerRequest', 'orders.write', {
      input: { title: 'x', description: 'y', budget: 1, deliveryDays: 1 },
    });
    await expectScopeRequired(gw, '{ buyerRequests { totalCount } }', 'buyerRequests', 'orders.read');
  });

  it('createBuyerRequest POSTs /requests; buyerRequests (GET /requests?status=open) lists it; the public board shows it without a token', async () => {
    const input = {
      title: 'Logo for a cycling club',
      description: 'A round badge, two colours.',
      budget: 120.5,
      deliveryDays: 10,
      categorySlug: 'logo-design',
      attributes: { urgent: true },
    };
    const data = expectOk(
      await gw.query<{
        createBuyerRequest: {
          request: { id: string; status: string; budget: number; buyer: { username: string }; proposalsCount: number };
        };
      }>(createRequest, { variables: { input }, headers: buyerWrite }),
    );
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe('POST /api/v1/requests');
    expect(sentJson(call!)).toEqual({
      title: input.title,
      description: input.description,
      budget: 120.5,
      delivery_days: 10,
      category_slug: 'logo-design',
      urgent: true,
    });
    const { request } = data.createBuyerRequest;
    expect(request).toMatchObject({ status: 'open', budget: 120.5, proposalsCount: 0, buyer: { username: BUYER } });

    gw.resetCalls();
    const mine = expectOk(
      await gw.query<{ buyerRequests: { nodes: Array<{ id: string }> } }>(
        '{ buyerRequests(status: "open", first: 50) { totalCount nodes { id status } } }',
        { headers: as(BUYER, 'orders.read') },
      ),
    );
    expect(gw.calls('marketplace').map((c) => [c.method, c.path, c.query.status])).toEqual([['GET', '/api/v1/requests', 'open']]);
    expect(mine.buyerRequests.nodes.map((r) => r.id)).toContain(request.id);

    gw.resetCalls();
    const board = expectOk(
      await gw.query<{ requestBoard: { nodes: Array<{ id: string; status: string }> } }>(
        '{ requestBoard(category: "logo-design", first: 100) { totalCount nodes { id status categorySlug } } }',
      ),
    );
    const boardCall = gw.calls('marketplace')[0]!;
    expect([boardCall.method, boardCall.path, boardCall.query.category, boardCall.headers.authorization]).toEqual([
      'GET',
      '/api/v1/requests/board',
      'logo-design',
      undefined,
    ]);
    expect(board.requestBoard.nodes.map((r) => r.id)).toContain(request.id);
    for (const r of board.requestBoard.nodes) expect(r.status).toBe('open');
  });

  it('refuses a non-positive budget and zero days before any upstream call', async () => {
    const res = await gw.query(
      'mutation { a: createBuyerRequest(input: { title: "A title", description: "Long enough text", budget: -5, deliveryDays: 3 }) { request { id } } b: createBuyerRequest(input: { title: "A title", description: "Long enough text", budget: 5, deliveryDays: 0 }) { request { id } } }',
      { headers: buyerWrite },
    );
    expectError(res, 'a', { code: 'BAD_USER_INPUT', field: 'input.budget' });
    expectError(res, 'b', { code: 'BAD_USER_INPUT', field: 'input.deliveryDays' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('proposals', () => {
  it('every step needs its scope', async () => {
    await expectScopeRequired(gw, submit, 'submitProposal', 'gigs.write', {
      input: { requestId: 'r', message: 'm', price: 1, deliveryDays: 1 },
    });
    await expectScopeRequired(gw, '{ proposals { totalCount } }', 'proposals', 'gigs.read');
    for (const [name, scope] of [
      ['shortlistProposal', 'orders.write'],
      ['rejectProposal', 'orders.write'],
      ['withdrawProposal', 'gigs.write'],
      ['acceptProposalCounter', 'gigs.write'],
      ['acceptProposal', 'orders.write'],
    ] as const) {
      await expectScopeRequired(gw, stepDoc(name), name, scope, { input: { id: 'p' } });
    }
    await expectScopeRequired(gw, stepDoc('counterProposal', 'CounterProposalInput'), 'counterProposal', 'orders.write', {
      input: { id: 'p', price: 1 },
    });
  });

  it('submitProposal POSTs /requests/{uuid}/proposals; a second one from the same seller is CONFLICT; the buyer may not propose (FORBIDDEN)', async () => {
    const requestId = await postRequest();
    const input = { requestId, message: 'Happy to help with this one.', price: 180, deliveryDays: 4 };
    const data = expectOk(
      await gw.query<{ submitProposal: { proposal: { status: string; sellerUsername: string; requestId: string; price: number } } }>(
        submit,
        { variables: { input }, headers: as('codeforge', 'gigs.write') },
      ),
    );
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe(`POST /api/v1/requests/${requestId}/proposals`);
    expect(sentJson(call!)).toEqual({ message: input.message, price: 180, delivery_days: 4 });
    expect(data.submitProposal.proposal).toMatchObject({ status: 'submitted', sellerUsername: 'codeforge', requestId, price: 180 });
    expectError(await gw.query(submit, { variables: { input }, headers: as('codeforge', 'gigs.write') }), 'submitProposal', {
      code: 'CONFLICT',
    });
    const own = await gw.query(submit, { variables: { input }, headers: as(BUYER, 'gigs.write') });
    expectError(own, 'submitProposal', { code: 'FORBIDDEN', status: 403 });
  });

  it('walks submitted → shortlisted → countered → accepted (by the seller): a pending offer at the counter price; the request is awarded', async () => {
    const requestId = await postRequest();
    const id = await propose(requestId, 'wordsmithy', 300);

    const shortlisted = expectOk(await step('shortlistProposal', id, buyerWrite));
    expect(marketplaceCalls(gw)[0]).toBe(`POST /api/v1/proposals/${id}/shortlist`);
    expect(shortlisted.shortlistProposal!.proposal.status).toBe('shortlisted');
    expectError(await step('shortlistProposal', id, buyerWrite), 'shortlistProposal', { code: 'CONFLICT', status: 409 });

    gw.resetCalls();
    const countered = expectOk(
      await step('counterProposal', id, buyerWrite, { price: 240, message: 'Could you do 240?' }, 'CounterProposalInput'),
    );
    const counterCall = gw.calls('marketplace')[0]!;
    expect(`${counterCall.method} ${counterCall.path}`).toBe(`POST /api/v1/proposals/${id}/counter`);
    expect(sentJson(counterCall)).toEqual({ price: 240, message: 'Could you do 240?' });
    expect(countered.counterProposal!.proposal).toMatchObject({
      status: 'countered',
      counterPrice: 240,
      counterMessage: 'Could you do 240?',
    });

    // Accepting the original terms is no longer possible once countered.
    expectError(await step('acceptProposal', id, buyerWrite), 'acceptProposal', { code: 'CONFLICT' });
    // Only the seller accepts a counter.
    expectError(await step('acceptProposalCounter', id, as(BUYER, 'gigs.write')), 'acceptProposalCounter', { code: 'FORBIDDEN' });

    gw.resetCalls();
    const accepted = expectOk(await step('acceptProposalCounter', id, as('wordsmithy', 'gigs.write', 'offers.read')));
    expect(marketplaceCalls(gw)[0]).toBe(`POST /api/v1/proposals/${id}/accept-counter`);
    const { proposal } = accepted.acceptProposalCounter!;
    expect(proposal.status).toBe('accepted');
    expect(proposal.offer).toMatchObject({ id: proposal.offerId, status: 'pending', price: 240, proposalId: id });
    expect(marketplaceCalls(gw)).toContain(`GET /api/v1/offers/${proposal.offerId}`);

    const late = await gw.query(submit, {
      variables: { input: { requestId, message: 'Am I too late for this?', price: 100, deliveryDays: 2 } },
      headers: as('codeforge', 'gigs.write'),
    });
    const error = expectError(late, 'submitProposal', { code: 'CONFLICT' });
    expect(error.message).toMatch(/awarded/);
  });

  it('reject (buyer), withdraw (seller) and accept (buyer): proposals lists them by request; a withdrawn proposal cannot be accepted', async () => {
    const requestId = await postRequest('Product photos for an online shop');
    const rejectedId = await propose(requestId, 'pixelcraft');
    const withdrawnId = await propose(requestId, 'codeforge');
    const acceptedId = await propose(requestId, 'motionlab', 210);

    const rejected = expectOk(await step('rejectProposal', rejectedId, buyerWrite));
    expect(marketplaceCalls(gw)[0]).toBe(`POST /api/v1/proposals/${rejectedId}/reject`);
    expect(rejected.rejectProposal!.proposal.status).toBe('rejected');
    expectError(await step('withdrawProposal', withdrawnId, as(BUYER, 'gigs.write')), 'withdrawProposal', { code: 'FORBIDDEN' });
    gw.resetCalls();
    const withdrawn = expectOk(await step('withdrawProposal', withdrawnId, as('codeforge', 'gigs.write')));
    expect(marketplaceCalls(gw)[0]).toBe(`POST /api/v1/proposals/${withdrawnId}/withdraw`);
    expect(withdrawn.withdrawProposal!.proposal.status).toBe('withdrawn');
    expectError(await step('acceptProposal', withdrawnId, buyerWrite), 'acceptProposal', { code: 'CONFLICT' });

    gw.resetCalls();
    const accepted = expectOk(await step('acceptProposal', acceptedId, as(BUYER, 'orders.write', 'offers.read')));
    expect(marketplaceCalls(gw)[0]).toBe(`POST /api/v1/proposals/${acceptedId}/accept`);
    expect(accepted.acceptProposal!.proposal.offer).toMatchObject({ status: 'pending', price: 210, proposalId: acceptedId });

    gw.resetCalls();
    const listed = expectOk(
      await gw.query<{ proposals: { totalCount: number; nodes: Array<{ id: string; status: string }> } }>(
        'query($r: ID!) { proposals(requestId: $r, first: 10) { totalCount nodes { id status } } }',
        { variables: { r: requestId }, headers: as(BUYER, 'gigs.read') },
      ),
    );
    const call = gw.calls('marketplace')[0]!;
    expect([call.method, call.path, call.query.request_uuid]).toEqual(['GET', '/api/v1/proposals', requestId]);
    expect(Object.fromEntries(listed.proposals.nodes.map((p) => [p.id, p.status]))).toEqual({
      [rejectedId]: 'rejected',
      [withdrawnId]: 'withdrawn',
      [acceptedId]: 'accepted',
    });

    const viaRequest = expectOk(
      await gw.query<{ buyerRequests: { nodes: Array<{ id: string; status: string; proposals: { totalCount: number } }> } }>(
        '{ buyerRequests(first: 50) { nodes { id status proposals(first: 1) { totalCount } } } }',
        { headers: as(BUYER, 'orders.read', 'gigs.read') },
      ),
    );
    expect(viaRequest.buyerRequests.nodes.find((r) => r.id === requestId)).toMatchObject({
      status: 'awarded',
      proposals: { totalCount: 3 },
    });
  });

  it('refuses a non-positive counter price and an empty id before any upstream call', async () => {
    const res = await gw.query(
      'mutation { a: counterProposal(input: { id: "p-1", price: 0 }) { proposal { id } } b: rejectProposal(input: { id: "" }) { proposal { id } } }',
      { headers: buyerWrite },
    );
    expectError(res, 'a', { code: 'BAD_USER_INPUT', field: 'input.price' });
    expectError(res, 'b', { code: 'BAD_USER_INPUT', field: 'input.id' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});
