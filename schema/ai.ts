/**
 * AI helpers: credits, drafts generated as asynchronous requests (each read
 * of `aiRequest` may advance it: queued → running → succeeded or failed),
 * recommendations, query interpretation (`aiSearch`, a read although the
 * upstream takes a POST) and message drafts.
 */
import type {
  AiMessageDraftShape,
  AiRecommendationShape,
  AiRequestShape,
  AiSearchShape,
  AiSummaryShape,
} from '../src/upstreams/marketplace/map.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/ai.js';
import { builder } from './builder.js';
import { Gig } from './gigs.js';
import { upstream } from './upstream-docs.js';
import { upstreamField } from './upstream-field.js';

export const AiDraftKind = builder.enumType('AiDraftKind', {
  values: Object.keys(resolve.AI_DRAFT_KINDS) as Array<keyof typeof resolve.AI_DRAFT_KINDS>,
});
export const AiMessageTone = builder.enumType('AiMessageTone', {
  values: Object.keys(resolve.AI_MESSAGE_TONES) as Array<keyof typeof resolve.AI_MESSAGE_TONES>,
});

type AiFeatureShape = AiSummaryShape['features'][number];
const AiFeature = builder.objectRef<AiFeatureShape>('AiFeature').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { nullable: false }),
    name: t.exposeString('name'),
    credits: t.exposeInt('credits', { description: 'Credits one request of this kind costs.' }),
  }),
});

export const AiSummary = builder.objectRef<AiSummaryShape>('AiSummary').implement({
  description: "The caller's AI credits this month and the features they buy.",
  fields: (t) => ({
    creditsTotal: t.exposeInt('creditsTotal'),
    creditsUsed: t.exposeInt('creditsUsed'),
    creditsRemaining: t.exposeInt('creditsRemaining'),
    features: t.expose('features', { type: [AiFeature] }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

// The feedback object is loose (an index signature), which leaves Pothos's `expose` no key it can check: name the two read.
type AiFeedbackShape = Pick<NonNullable<AiRequestShape['feedback']>, 'rating' | 'comment'>;
const AiFeedback = builder.objectRef<AiFeedbackShape>('AiFeedback').implement({
  fields: (t) => ({
    rating: t.exposeInt('rating'),
    comment: t.exposeString('comment'),
  }),
});

export const AiRequest = builder.objectRef<AiRequestShape>('AiRequest').implement({
  description: 'An AI draft request: queued, running, succeeded (with result), failed (with error) or cancelled.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    status: t.exposeString('status'),
    kind: t.exposeString('kind'),
    prompt: t.exposeString('prompt'),
    result: t.exposeString('result'),
    error: t.exposeString('error'),
    creditsUsed: t.exposeInt('creditsUsed'),
    feedback: t.expose('feedback', { type: AiFeedback }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const AiRecommendation = builder.objectRef<AiRecommendationShape>('AiRecommendation').implement({
  fields: (t) => ({
    gig: t.expose('gig', { type: Gig, nullable: false }),
    reason: t.exposeString('reason'),
  }),
});

type InterpretationShape = NonNullable<AiSearchShape['interpretation']>;
const AiSearchInterpretation = builder.objectRef<InterpretationShape>('AiSearchInterpretation').implement({
  description: 'What the service understood from the query.',
  fields: (t) => ({
    search: t.exposeString('search'),
    categorySlug: t.exposeString('categorySlug'),
    maxPrice: t.exposeFloat('maxPrice'),
    deliveryDays: t.exposeInt('deliveryDays'),
  }),
});

export const AiSearchResult = builder.objectRef<AiSearchShape>('AiSearchResult').implement({
  fields: (t) => ({
    query: t.exposeString('query'),
    interpretation: t.expose('interpretation', { type: AiSearchInterpretation }),
    total: t.exposeInt('total', { description: 'Matching gigs in all; `gigs` holds the first few.' }),
    gigs: t.expose('gigs', { type: [Gig] }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const AiRequestPayload = builder.objectRef<{ request: AiRequestShape }>('AiRequestPayload').implement({
  fields: (t) => ({ request: t.expose('request', { type: AiRequest }) }),
});

export const AiMessageDraftPayload = builder.objectRef<AiMessageDraftShape>('AiMessageDraftPayload').implement({
  fields: (t) => ({
    tone: t.exposeString('tone'),
    draft: t.exposeString('draft', { nullable: false }),
  }),
});

const GenerateAiDraftInput = builder.inputType('GenerateAiDraftInput', {
  fields: (t) => ({
    prompt: t.string({ required: true }),
    kind: t.field({ type: AiDraftKind, description: 'Default GENERIC.' }),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});
const AiRequestRefInput = builder.inputType('AiRequestRefInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});
const RateAiDraftInput = builder.inputType('RateAiDraftInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    rating: t.int({ required: true, description: `${resolve.AI_RATING.min} to ${resolve.AI_RATING.max}.` }),
    comment: t.string(),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});
const DraftAiMessageInput = builder.inputType('DraftAiMessageInput', {
  fields: (t) => ({
    context: t.string({ required: true, description: 'What the message should answer or say.' }),
    tone: t.field({ type: AiMessageTone, description: 'Default FRIENDLY.' }),
    recipientUsername: t.string(),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});

builder.queryFields((t) => ({
  aiSummary: upstreamField(t, ops.aiSummary, { type: AiSummary, key: () => ({}) }),
  // Read once per request (the read cache): aliases of one request see one state, and it advances at most one step.
  aiRequest: upstreamField(t, ops.aiRequest, {
    type: AiRequest,
    description: 'Each read may advance a pending request one step.',
    args: { id: t.arg.id({ required: true }) },
    key: (_, args) => ({ uuid: identifier(args.id, 'id') }),
  }),
  aiRecommendations: upstreamField(t, ops.aiRecommendations, { type: [AiRecommendation], key: () => ({}) }),
  aiSearch: t.field({
    type: AiSearchResult,
    ...upstream.marketplace('aiSearch', 'Interprets a plain-language query ("logo under $50 in 3 days") into filters and matching gigs.'),
    args: { query: t.arg.string({ required: true }) },
    resolve: resolve.aiSearch,
  }),
}));

builder.mutationFields((t) => ({
  generateAiDraft: t.field({
    type: AiRequestPayload,
    ...upstream.marketplace('aiGenerate', 'The request starts queued; read it with aiRequest. CONFLICT when the credits run out.'),
    args: { input: t.arg({ type: GenerateAiDraftInput, required: true }) },
    resolve: resolve.generateAiDraft,
  }),
  cancelAiRequest: t.field({
    type: AiRequestPayload,
    ...upstream.marketplace('aiCancel', 'Only a queued or running request; otherwise CONFLICT.'),
    args: { input: t.arg({ type: AiRequestRefInput, required: true }) },
    resolve: resolve.cancelAiRequest,
  }),
  rateAiDraft: t.field({
    type: AiRequestPayload,
    ...upstream.marketplace('aiFeedback', 'Once, on a succeeded request; otherwise CONFLICT.'),
    args: { input: t.arg({ type: RateAiDraftInput, required: true }) },
    resolve: resolve.rateAiDraft,
  }),
  draftAiMessage: t.field({
    type: AiMessageDraftPayload,
    ...upstream.marketplace('aiMessageDraft'),
    args: { input: t.arg({ type: DraftAiMessageInput, required: true }) },
    resolve: resolve.draftAiMessage,
  }),
}));
