/**
 * Website-analysis payloads → graph shapes. The document names the report and
 * project fields it shows; the envelopes follow docs/upstream-contract.md, "Conventions". Privacy is
 * 0/1/2 upstream and an enum in the graph; result is lower-case upstream.
 */
import { z } from 'zod';

export const PRIVACY_VALUES = ['PUBLIC', 'PRIVATE', 'PASSWORD'] as const;
export type SeoPrivacy = (typeof PRIVACY_VALUES)[number];
export const RESULT_VALUES = ['GOOD', 'DECENT', 'BAD'] as const;
export type SeoResult = (typeof RESULT_VALUES)[number];

export const privacyToUpstream = (privacy: SeoPrivacy): number => PRIVACY_VALUES.indexOf(privacy);
export const resultToUpstream = (result: SeoResult): string => result.toLowerCase();

export const reportSchema = z
  .object({
    id: z.union([z.number(), z.string()]).transform(String),
    url: z.string(),
    privacy: z.coerce.number().int().min(0).max(2),
    has_password: z.boolean().nullish(),
    score: z.coerce.number().nullish(),
    result: z.string().nullish(),
    project: z.string().nullish(),
    generated_at: z.string().nullish(),
    created_at: z.string().nullish(),
  })
  .transform((r) => ({
    id: r.id,
    url: r.url,
    privacy: PRIVACY_VALUES[r.privacy]!,
    hasPassword: r.has_password ?? null,
    score: r.score ?? null,
    result: (RESULT_VALUES as readonly string[]).includes(String(r.result).toUpperCase())
      ? (String(r.result).toUpperCase() as SeoResult)
      : null,
    project: r.project ?? null,
    generatedAt: r.generated_at ?? null,
    createdAt: r.created_at ?? null,
  }));
export type SeoReportShape = z.output<typeof reportSchema>;

export const projectSchema = z
  .object({ project: z.string(), created_at: z.string().nullish(), reports_count: z.coerce.number().nullish() })
  .transform((p) => ({ name: p.project, createdAt: p.created_at ?? null, reportsCount: p.reports_count ?? null }));
export type SeoProjectShape = z.output<typeof projectSchema>;

export const REPORT_SORT_FIELDS = { CREATED_AT: 'id', GENERATED_AT: 'generated_at', URL: 'url', SCORE: 'score' } as const;
export const PROJECT_SORT_FIELDS = { CREATED_AT: 'created_at', NAME: 'project' } as const;
