/**
 * `/reports` of the website-analysis sandbox: list (search, project, result,
 * sort, paging), show, create, update (PUT and PATCH alike) and delete, each
 * limited to the reports of the key's owner.
 */
import type { Router, SandboxRequest, SandboxResponse } from '../router.js';
import { fail, ok, paginate, validationFailed } from '../laravel.js';
import { presentReport, resultOf, type Privacy, type StoredReport } from './records.js';
import type { SeoStore } from './store.js';
import { guarded, isBlank, SEO_PAGE_SIZES, validateListQuery } from './strict.js';

const LIST_ENUMS = {
  search_by: ['url'],
  result: ['good', 'decent', 'bad'],
  sort_by: ['id', 'generated_at', 'url', 'score'],
  sort: ['desc', 'asc'],
} as const;

type SortKey = (typeof LIST_ENUMS.sort_by)[number];

const compareBy: Record<SortKey, (a: StoredReport, b: StoredReport) => number> = {
  id: (a, b) => a.id - b.id,
  generated_at: (a, b) => a.generatedAt.localeCompare(b.generatedAt),
  url: (a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0),
  score: (a, b) => a.score - b.score,
};

const notFound = () => fail(404, 'Report not found.');

function findOwned(store: SeoStore, req: SandboxRequest, owner: string): StoredReport | undefined {
  const raw = req.params.id ?? '';
  return /^\d{1,15}$/.test(raw) ? store.findReport(owner, Number(raw)) : undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function isHttpUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Reads `privacy` (absent/blank → undefined) and `password` of a form, with their 422 messages. */
function readPrivacy(body: Record<string, unknown>, existing: StoredReport | undefined, errors: Record<string, string[]>) {
  const rawPrivacy = body.privacy;
  let privacy: Privacy | undefined;
  if (!isBlank(rawPrivacy)) {
    const value = String(rawPrivacy).trim();
    if (value === '0' || value === '1' || value === '2') privacy = Number(value) as Privacy;
    else errors.privacy = ['The selected privacy is invalid.'];
  }
  const newPassword = isBlank(body.password) ? undefined : text(body.password);
  if (!isBlank(body.password) && newPassword === undefined) errors.password = ['The password must be a string.'];
  const effective = privacy ?? existing?.privacy ?? 0;
  // The password is only effective with privacy 2 (kept while it stays 2, dropped otherwise).
  const password = effective === 2 ? (newPassword ?? existing?.password ?? null) : null;
  if (effective === 2 && !password && !errors.privacy) errors.password = ['The password field is required when privacy is 2.'];
  return { privacy: effective, password };
}

export function mountReportRoutes(router: Router, store: SeoStore): void {
  router.get(
    '/reports',
    guarded((req, owner): SandboxResponse => {
      const invalid = validateListQuery(req, LIST_ENUMS);
      if (invalid) return invalid;
      const search = req.query.get('search')?.toLowerCase() ?? '';
      const project = req.query.get('project') ?? '';
      const result = req.query.get('result');
      const sortBy = (req.query.get('sort_by') ?? 'id') as SortKey;
      const direction = req.query.get('sort') === 'asc' ? 1 : -1;
      const rows = store
        .reportsOf(owner)
        .filter(
          (r) =>
            (search === '' || r.url.toLowerCase().includes(search)) &&
            (project === '' || r.project === project) &&
            (!result || resultOf(r.score) === result),
        )
        .sort((a, b) => direction * (compareBy[sortBy](a, b) || a.id - b.id));
      return paginate(req, rows, { allowedPerPage: SEO_PAGE_SIZES, defaultPerPage: 10 }, presentReport);
    }),
  );

  router.get(
    '/reports/:id',
    guarded((req, owner) => {
      const report = findOwned(store, req, owner);
      return report ? ok(presentReport(report)) : notFound();
    }),
  );

  router.post(
    '/reports',
    guarded((req, owner) => {
      const errors: Record<string, string[]> = {};
      const url = text(req.body.url)?.trim() ?? '';
      if (url === '') errors.url = ['The url field is required.'];
      else if (!isHttpUrl(url)) errors.url = ['The url field must be a valid URL.'];
      const { privacy, password } = readPrivacy(req.body, undefined, errors);
      if (Object.keys(errors).length) return validationFailed(errors);
      const now = store.now();
      const report = store.addReport({
        owner,
        url,
        privacy,
        password,
        score: store.freshScore(),
        project: null,
        generatedAt: now,
        createdAt: now,
      });
      return ok(presentReport(report), 201);
    }),
  );

  const update = guarded((req, owner) => {
    const report = findOwned(store, req, owner);
    if (!report) return notFound();
    const errors: Record<string, string[]> = {};
    const { privacy, password } = readPrivacy(req.body, report, errors);
    const regenerate = isBlank(req.body.update) ? '0' : String(req.body.update).trim();
    if (regenerate !== '0' && regenerate !== '1') errors.update = ['The selected update is invalid.'];
    if (Object.keys(errors).length) return validationFailed(errors);
    report.privacy = privacy;
    report.password = password;
    if (regenerate === '1') {
      report.score = store.freshScore();
      report.generatedAt = store.now();
    }
    return ok(presentReport(report));
  });
  router.put('/reports/:id', update);
  router.patch('/reports/:id', update);

  router.delete(
    '/reports/:id',
    guarded((req, owner) => {
      const report = findOwned(store, req, owner);
      if (!report) return notFound();
      store.deleteReport(report.id);
      return { status: 200, json: { message: 'Report deleted.' } };
    }),
  );
}
