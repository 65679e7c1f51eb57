/**
 * AI helpers. A generation request is `queued` when created and advances one
 * step on each read by its owner: queued → running → succeeded, or → failed
 * when the prompt contains "fail". It can be cancelled while queued or running
 * and rated once after it succeeded. Credits are counted from the requests.
 */
import { ok } from '../../laravel.js';
import { conflict, notFound, type MarketplaceApi, type Viewer } from '../api.js';
import { presentAiRequest, presentGig } from '../present.js';
import type { AiRequestRecord } from '../records.js';
import { Checker } from '../validate.js';
import { recommendedGigs } from './gigs.js';

const CREDITS_PER_MONTH = 100;
const FEATURES = [
  { kind: 'gig_description', name: 'Gig description', credits: 2 },
  { kind: 'gig_title', name: 'Gig title', credits: 1 },
  { kind: 'message', name: 'Message reply', credits: 1 },
  { kind: 'proposal', name: 'Proposal cover letter', credits: 2 },
  { kind: 'generic', name: 'Free-form draft', credits: 1 },
] as const;
type Kind = (typeof FEATURES)[number]['kind'];

export function registerAiRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const requestFor = (viewer: Viewer, uuid: string | undefined) => {
    const r = uuid === undefined ? undefined : state.aiRequests.get(uuid);
    return r && r.username === viewer.username ? r : undefined;
  };
  const creditsUsed = (username: string) =>
    [...state.aiRequests.values()]
      .filter((r) => r.username === username && r.status !== 'failed' && r.status !== 'cancelled')
      .reduce((s, r) => s + r.credits_used, 0);

  /** One step of the simulated job, taken on each read. */
  const advance = (r: AiRequestRecord) => {
    if (r.status === 'queued') {
      r.status = 'running';
    } else if (r.status === 'running') {
      if (/fail/i.test(r.prompt)) {
        r.status = 'failed';
        r.error = 'The model could not produce a draft for this prompt.';
        state.emit('ai.failed', { uuid: r.uuid, kind: r.kind, username: r.username });
      } else {
        r.status = 'succeeded';
        r.result = draftFor(r.kind, r.prompt);
        state.emit('ai.generated', { uuid: r.uuid, kind: r.kind, username: r.username });
      }
    } else {
      return;
    }
    r.updated_at = state.tick();
  };

  api
    .handle('aiSummary', (_req, viewer) => {
      const used = creditsUsed(viewer.username);
      return ok({ credits_total: CREDITS_PER_MONTH, credits_used: used, credits_remaining: CREDITS_PER_MONTH - used, features: FEATURES });
    })
    .handle('aiGenerate', (req, viewer) => {
      const check = new Checker(req.body);
      const prompt = check.string('prompt', { required: true, max: 2000, min: 3 });
      const kind: Kind =
        check.oneOf(
          'kind',
          FEATURES.map((f) => f.kind),
        ) ?? 'generic';
      const invalid = check.failed();
      if (invalid) return invalid;
      const cost = FEATURES.find((f) => f.kind === kind)!.credits;
      if (creditsUsed(viewer.username) + cost > CREDITS_PER_MONTH) return conflict('Not enough AI credits left this month.');
      const at = state.tick();
      const request: AiRequestRecord = {
        uuid: state.uuid(),
        username: viewer.username,
        kind,
        prompt: prompt!,
        status: 'queued',
        result: null,
        error: null,
        credits_used: cost,
        feedback_rating: null,
        feedback_comment: null,
        created_at: at,
        updated_at: at,
      };
      state.aiRequests.set(request.uuid, request);
      return ok(presentAiRequest(request), 201);
    })
    .handle('aiRequest', (req, viewer) => {
      const request = requestFor(viewer, req.params.uuid);
      if (!request) return notFound('AI request');
      advance(request);
      return ok(presentAiRequest(request));
    })
    .handle('aiCancel', (req, viewer) => {
      const request = requestFor(viewer, req.params.uuid);
      if (!request) return notFound('AI request');
      if (request.status !== 'queued' && request.status !== 'running')
        return conflict(`An AI request that is ${request.status} cannot be cancelled.`);
      request.status = 'cancelled';
      request.updated_at = state.tick();
      return ok(presentAiRequest(request));
    })
    .handle('aiFeedback', (req, viewer) => {
      const request = requestFor(viewer, req.params.uuid);
      if (!request) return notFound('AI request');
      const check = new Checker(req.body);
      const rating = check.number('rating', { required: true, integer: true, min: 1, max: 5 });
      const comment = check.string('comment', { max: 2000 }) ?? null;
      const invalid = check.failed();
      if (invalid) return invalid;
      if (request.status !== 'succeeded') return conflict(`Only a succeeded draft can be rated; this request is ${request.status}.`);
      if (request.feedback_rating !== null) return conflict('This draft was already rated.');
      request.feedback_rating = rating!;
      request.feedback_comment = comment;
      request.updated_at = state.tick();
      return ok(presentAiRequest(request));
    })
    .handle('aiRecommendations', (_req, viewer) =>
      ok(
        recommendedGigs(state, viewer.username, 10).map((g) => ({
          ...presentGig(state, g),
          reason: 'Popular in categories you ordered from',
        })),
      ),
    )
    .handle('aiSearch', (req) => {
      const check = new Checker(req.body);
      const query = check.string('query', { required: true, max: 500, min: 2 });
      const invalid = check.failed();
      if (invalid) return invalid;
      const text = query!.toLowerCase();
      const maxPrice = /(?:under|below|less than|max)\s*\$?(\d+)/.exec(text)?.[1];
      const days = /(?:in|within)\s*(\d+)\s*days?/.exec(text)?.[1];
      const category = state.categories.find(
        (c) => c.parent_slug !== null && (text.includes(c.name.toLowerCase()) || text.includes(c.slug.replace(/-/g, ' '))),
      );
      const words = text
        .replace(/(?:under|below|less than|max)\s*\$?\d+/, '')
        .replace(/(?:in|within)\s*\d+\s*days?/, '')
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length > 3 && !['need', 'want', 'looking', 'someone', 'with', 'that', 'from', 'your'].includes(w));
      const gigs = state.gigs.filter(
        (g) =>
          (!category || g.category_slug === category.slug) &&
          (!maxPrice || g.price_from <= Number(maxPrice)) &&
          (!days || g.delivery_days <= Number(days)) &&
          (category || words.length === 0 || words.some((w) => g.title.toLowerCase().includes(w))),
      );
      return ok({
        query,
        interpretation: {
          search: words.join(' ') || null,
          category_slug: category?.slug ?? null,
          max_price: maxPrice ? Number(maxPrice) : null,
          delivery_days: days ? Number(days) : null,
        },
        total: gigs.length,
        gigs: gigs.slice(0, 10).map((g) => presentGig(state, g)),
      });
    })
    .handle('aiMessageDraft', (req, viewer) => {
      const check = new Checker(req.body);
      const context = check.string('context', { required: true, max: 5000, min: 3 });
      const tone = check.oneOf('tone', ['friendly', 'formal', 'brief'] as const) ?? 'friendly';
      const recipient = check.string('recipient_username', { max: 100 });
      const invalid = check.failed();
      if (invalid) return invalid;
      const greeting = tone === 'formal' ? 'Dear' : 'Hi';
      const name = recipient ? (state.users.get(recipient)?.name.split(' ')[0] ?? recipient) : 'there';
      const body =
        tone === 'brief' ? `Re: ${context}` : `Thanks for your message about ${context}. I will get back to you with details shortly.`;
      return ok({ tone, draft: `${greeting} ${name},\n\n${body}\n\n${viewer.user.name}` });
    });
}

function draftFor(kind: string, prompt: string): string {
  const topic = prompt.trim().replace(/\s+/g, ' ').slice(0, 120);
  switch (kind) {
    case 'gig_title':
      return `I will ${topic.toLowerCase()}`;
    case 'gig_description':
      return `Looking for ${topic}? You will get a professional result, clear communication and on-time delivery.`;
    case 'proposal':
      return `Hello! I have delivered many projects like "${topic}" and can start today.`;
    default:
      return `Draft: ${topic}`;
  }
}
