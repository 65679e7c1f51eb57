/**
 * AI helpers through the gateway: credits, the AI request state machine
 * (queued → running → succeeded → rated; → failed; → cancelled) with its
 * illegal steps as CONFLICT, recommendations, query interpretation (a read
 * sent as POST) and message drafts, each with its scope outcome.
 */
import { describe, expect, it } from 'vitest';
import { errorAt, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { bearer, marketplaceBody } from '../helpers/operations.js';

const gw = useTestGateway({}, ['marketplace']);

const as = bearer;
const buyer = as(TOKENS.buyer);
const bodyOf = (index = 0) => marketplaceBody(gw, index);

interface AiRequest {
  id: string;
  status: string;
  kind: string;
  result: string | null;
  error: string | null;
  creditsUsed: number;
  feedback: { rating: number; comment: string | null } | null;
}
const FIELDS = 'id status kind result error creditsUsed feedback { rating comment }';

async function generate(prompt: string, kind = 'GIG_TITLE'): Promise<AiRequest> {
  const res = await gw.query<{ generateAiDraft: { request: AiRequest } }>(
    `mutation($prompt: String!) { generateAiDraft(input: { prompt: $prompt, kind: ${kind} }) { request { ${FIELDS} } } }`,
    { headers: buyer, variables: { prompt } },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.generateAiDraft.request;
}
const read = async (id: string) =>
  (await gw.query<{ aiRequest: AiRequest }>(`{ aiRequest(id: "${id}") { ${FIELDS} } }`, { headers: buyer })).data!.aiRequest;
const cancel = (id: string) =>
  gw.query<{ cancelAiRequest: { request: AiRequest } }>(`mutation { cancelAiRequest(input: { id: "${id}" }) { request { ${FIELDS} } } }`, {
    headers: buyer,
  });
const rate = (id: string, rating: number) =>
  gw.query<{ rateAiDraft: { request: AiRequest } }>(
    `mutation { rateAiDraft(input: { id: "${id}", rating: ${rating}, comment: "Spot on" }) { request { ${FIELDS} } } }`,
    { headers: buyer },
  );

describe('AI request state machine', () => {
  it('walks queued → running → succeeded → rated, and refuses a second rating and a late cancel', async () => {
    const before = await gw.query<{ aiSummary: { creditsUsed: number } }>('{ aiSummary { creditsUsed } }', { headers: buyer });
    gw.resetCalls();
    const created = await generate('design a minimalist logo');
    expect(created).toMatchObject({ status: 'queued', kind: 'gig_title', result: null, creditsUsed: 1 });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/ai/generate' });
    expect(bodyOf()).toEqual({ prompt: 'design a minimalist logo', kind: 'gig_title' });

    gw.resetCalls();
    expect((await read(created.id)).status).toBe('running');
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: `/api/v1/ai/requests/${created.id}` });
    const done = await read(created.id);
    expect(done.status).toBe('succeeded');
    expect(done.result).toBe('I will design a minimalist logo');

    gw.resetCalls();
    const rated = await rate(created.id, 5);
    expect(rated.data?.rateAiDraft.request.feedback).toEqual({ rating: 5, comment: 'Spot on' });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: `/api/v1/ai/requests/${created.id}/feedback` });
    expect(bodyOf()).toEqual({ rating: 5, comment: 'Spot on' });

    const again = await rate(created.id, 4);
    expect(errorAt(again, 'rateAiDraft')?.extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
    const late = await cancel(created.id);
    expect(errorAt(late, 'cancelAiRequest')?.extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(errorAt(late, 'cancelAiRequest')?.message).toMatch(/succeeded/);

    const after = await gw.query<{ aiSummary: { creditsUsed: number } }>('{ aiSummary { creditsUsed } }', { headers: buyer });
    expect(after.data!.aiSummary.creditsUsed).toBe(before.data!.aiSummary.creditsUsed + 1);
  });

  it('walks queued → running → failed, and a failed request cannot be cancelled or rated', async () => {
    const created = await generate('please fail this one', 'GENERIC');
    await read(created.id);
    const failed = await read(created.id);
    expect(failed).toMatchObject({ status: 'failed', result: null });
    expect(failed.error).toMatch(/could not/);
    expect(errorAt(await cancel(created.id), 'cancelAiRequest')?.extensions).toMatchObject({ code: 'CONFLICT' });
    expect(errorAt(await rate(created.id, 3), 'rateAiDraft')?.extensions).toMatchObject({ code: 'CONFLICT' });
  });

  it('cancels a queued request; the cancelled request stays cancelled and cannot be rated', async () => {
    const created = await generate('write a proposal', 'PROPOSAL');
    gw.resetCalls();
    const cancelled = await cancel(created.id);
    expect(cancelled.data?.cancelAiRequest.request.status).toBe('cancelled');
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: `/api/v1/ai/requests/${created.id}/cancel` });
    expect((await read(created.id)).status).toBe('cancelled');
    expect(errorAt(await rate(created.id, 5), 'rateAiDraft')?.extensions).toMatchObject({ code: 'CONFLICT' });
  });

  it('reads a request once per GraphQL request, so aliases see one state and the job moves one step', async () => {
    const created = await generate('name my bakery');
    gw.resetCalls();
    const res = await gw.query<{ a: AiRequest; b: AiRequest }>(
      `{ a: aiRequest(id: "${created.id}") { status } b: aiRequest(id: "${created.id}") { status } }`,
      { headers: buyer },
    );
    expect(res.data).toEqual({ a: { status: 'running' }, b: { status: 'running' } });
    expect(gw.calls('marketplace')).toHaveLength(1);
  });

  it('refuses a rating outside 1..5 and an empty prompt before any call', async () => {
    const badRating = await rate('any-id', 6);
    expect(errorAt(badRating, 'rateAiDraft')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.rating' });
    const empty = await gw.query('mutation { generateAiDraft(input: { prompt: "   " }) { request { id } } }', { headers: buyer });
    expect(errorAt(empty, 'generateAiDraft')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.prompt' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('needs ai.write to generate, cancel and rate, and ai.read to read', async () => {
    const created = await generate('write a tagline');
    const readonly = as(TOKENS.readonly);
    const generateDenied = await gw.query('mutation { generateAiDraft(input: { prompt: "hello there" }) { request { id } } }', {
      headers: readonly,
    });
    expect(errorAt(generateDenied, 'generateAiDraft')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'ai.write' });
    const cancelDenied = await gw.query(`mutation { cancelAiRequest(input: { id: "${created.id}" }) { request { id } } }`, {
      headers: readonly,
    });
    expect(errorAt(cancelDenied, 'cancelAiRequest')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'ai.write' });
    const rateDenied = await gw.query(`mutation { rateAiDraft(input: { id: "${created.id}", rating: 5 }) { request { id } } }`, {
      headers: readonly,
    });
    expect(errorAt(rateDenied, 'rateAiDraft')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'ai.write' });
    const readDenied = await gw.query(`{ aiRequest(id: "${created.id}") { status } aiSummary { creditsUsed } }`, {
      headers: as(TOKENS.noscope),
    });
    expect(errorAt(readDenied, 'aiRequest')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'ai.read' });
    expect(errorAt(readDenied, 'aiSummary')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'ai.read' });
  });
});

describe('AI reads and drafts', () => {
  it('reads credits and features', async () => {
    const res = await gw.query<{
      aiSummary: {
        creditsTotal: number;
        creditsUsed: number;
        creditsRemaining: number;
        features: Array<{ kind: string; credits: number }>;
      };
    }>('{ aiSummary { creditsTotal creditsUsed creditsRemaining features { kind name credits } } }', { headers: as(TOKENS.readonly) });
    expect(res.errors).toBeUndefined();
    const summary = res.data!.aiSummary;
    expect(summary.creditsTotal).toBe(100);
    expect(summary.creditsRemaining).toBe(summary.creditsTotal - summary.creditsUsed);
    expect(summary.features).toContainEqual(expect.objectContaining({ kind: 'gig_description', credits: 2 }));
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/ai/summary' });
  });

  it('recommends gigs with a reason', async () => {
    const res = await gw.query<{ aiRecommendations: Array<{ reason: string; gig: { slug: string; title: string } }> }>(
      '{ aiRecommendations { reason gig { slug title } } }',
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.aiRecommendations.length).toBeGreaterThan(0);
    expect(res.data!.aiRecommendations[0]!.reason).toMatch(/categories/);
    expect(gw.calls('marketplace')).toHaveLength(1);
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/ai/recommendations' });
    const denied = await gw.query('{ aiRecommendations { reason } }', { headers: as(TOKENS.noscope) });
    expect(errorAt(denied, 'aiRecommendations')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'ai.read' });
  });

  it('reads credits and recommendations once per GraphQL request, however many aliases ask', async () => {
    const res = await gw.query<{ r1: Array<{ gig: { slug: string } }>; r2: Array<{ gig: { slug: string } }> }>(
      '{ s1: aiSummary { creditsTotal } s2: aiSummary { creditsUsed } r1: aiRecommendations { reason } r2: aiRecommendations { gig { slug } } g: aiRecommendations { gig { title } } }',
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.r2.length).toBeGreaterThan(0);
    // The recommended gigs arrive whole: no GET /gigs/{slug} for them.
    expect(
      gw
        .calls('marketplace')
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/api/v1/ai/recommendations', '/api/v1/ai/summary']);
  });

  it('interprets a plain-language search as a Query field sent as POST', async () => {
    const res = await gw.query<{
      aiSearch: {
        interpretation: { maxPrice: number; deliveryDays: number };
        total: number;
        gigs: Array<{ priceFrom: number; deliveryDays: number }>;
      };
    }>(
      '{ aiSearch(query: "logo under $50 in 3 days") { query interpretation { search categorySlug maxPrice deliveryDays } total gigs { slug priceFrom deliveryDays } } }',
      { headers: as(TOKENS.readonly) },
    );
    expect(res.errors).toBeUndefined();
    const result = res.data!.aiSearch;
    expect(result.interpretation).toMatchObject({ maxPrice: 50, deliveryDays: 3 });
    for (const gig of result.gigs) {
      expect(gig.priceFrom).toBeLessThanOrEqual(50);
      expect(gig.deliveryDays).toBeLessThanOrEqual(3);
    }
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/ai/search' });
    expect(bodyOf()).toEqual({ query: 'logo under $50 in 3 days' });
    const denied = await gw.query('{ aiSearch(query: "logo") { total } }', { headers: as(TOKENS.noscope) });
    expect(errorAt(denied, 'aiSearch')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'ai.read' });
  });

  it('drafts a message in the asked tone (ai.write)', async () => {
    const res = await gw.query<{ draftAiMessage: { tone: string; draft: string } }>(
      'mutation { draftAiMessage(input: { context: "the delivery date", tone: FORMAL, recipientUsername: "pixelcraft" }) { tone draft } }',
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.draftAiMessage.tone).toBe('formal');
    expect(res.data?.draftAiMessage.draft).toMatch(/^Dear /);
    expect(res.data?.draftAiMessage.draft).toContain('the delivery date');
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/ai/messages/draft' });
    expect(bodyOf()).toEqual({ context: 'the delivery date', tone: 'formal', recipient_username: 'pixelcraft' });
    const denied = await gw.query('mutation { draftAiMessage(input: { context: "hello" }) { draft } }', { headers: as(TOKENS.readonly) });
    expect(errorAt(denied, 'draftAiMessage')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'ai.write' });
  });
});
