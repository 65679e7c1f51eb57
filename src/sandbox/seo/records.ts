/**
 * The stored shapes of reports and projects and how they are shown: the
 * password stays inside the store, `result` is always derived from `score`.
 */
export type Privacy = 0 | 1 | 2;
export type SeoResult = 'good' | 'decent' | 'bad';

export interface StoredReport {
  id: number;
  owner: string;
  url: string;
  privacy: Privacy;
  password: string | null;
  score: number;
  project: string | null;
  generatedAt: string;
  createdAt: string;
}

export interface StoredProject {
  owner: string;
  name: string;
  createdAt: string;
}

/** good from 80, decent from 50, bad below. */
export const resultOf = (score: number): SeoResult => (score >= 80 ? 'good' : score >= 50 ? 'decent' : 'bad');

export const presentReport = (r: StoredReport) => ({
  id: r.id,
  url: r.url,
  privacy: r.privacy,
  has_password: r.password !== null && r.password !== '',
  score: r.score,
  result: resultOf(r.score),
  project: r.project,
  generated_at: r.generatedAt,
  created_at: r.createdAt,
});

export const presentProject = (p: StoredProject, reportsCount: number) => ({
  project: p.name,
  created_at: p.createdAt,
  reports_count: reportsCount,
});
