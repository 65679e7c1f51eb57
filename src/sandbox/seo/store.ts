/**
 * In-memory state of one website-analysis router: reports and projects per
 * owner, a report id counter, a seeded score generator and a monotonic clock
 * for writes. Nothing here is module-level, so each router starts fresh.
 */
import { createRandom, type Random } from '../seed.js';
import type { Privacy, StoredProject, StoredReport } from './records.js';

export class SeoStore {
  readonly reports = new Map<number, StoredReport>();
  private readonly projects = new Map<string, Map<string, StoredProject>>();
  private nextId = 1;
  private lastWrite = 0;
  private readonly scores: Random;

  constructor(seed: number) {
    this.scores = createRandom(seed ^ 0x5e0);
  }

  /** A fresh report score, 0-100 with one decimal. */
  freshScore(): number {
    return Math.round(this.scores() * 1000) / 10;
  }

  /** Wall clock for writes, never earlier than seeded data nor than the last write. */
  now(): string {
    this.lastWrite = Math.max(Date.now(), this.lastWrite + 1000);
    return new Date(this.lastWrite).toISOString();
  }

  /** Seeding only: later writes must be stamped after `iso`. */
  noteTimestamp(iso: string): void {
    this.lastWrite = Math.max(this.lastWrite, Date.parse(iso));
  }

  addProject(owner: string, name: string, createdAt: string): StoredProject {
    let mine = this.projects.get(owner);
    if (!mine) this.projects.set(owner, (mine = new Map()));
    const project = { owner, name, createdAt };
    mine.set(name, project);
    this.noteTimestamp(createdAt);
    return project;
  }

  addReport(fields: Omit<StoredReport, 'id'>): StoredReport {
    const report: StoredReport = { id: this.nextId++, ...fields };
    this.reports.set(report.id, report);
    this.noteTimestamp(report.generatedAt);
    this.noteTimestamp(report.createdAt);
    return report;
  }

  reportsOf(owner: string): StoredReport[] {
    return [...this.reports.values()].filter((r) => r.owner === owner);
  }

  /** The owner's report, or undefined for unknown ids and other owners' reports. */
  findReport(owner: string, id: number): StoredReport | undefined {
    const report = this.reports.get(id);
    return report && report.owner === owner ? report : undefined;
  }

  deleteReport(id: number): void {
    this.reports.delete(id);
  }

  projectsOf(owner: string): StoredProject[] {
    return [...(this.projects.get(owner)?.values() ?? [])];
  }

  reportsCount(owner: string, project: string): number {
    let n = 0;
    for (const r of this.reports.values()) if (r.owner === owner && r.project === project) n++;
    return n;
  }

  /** Deletes the project and its reports; false when the owner has no such project. */
  deleteProject(owner: string, name: string): boolean {
    const mine = this.projects.get(owner);
    if (!mine?.delete(name)) return false;
    for (const [id, r] of this.reports) if (r.owner === owner && r.project === name) this.reports.delete(id);
    return true;
  }
}

export type { Privacy };
