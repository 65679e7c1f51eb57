/**
 * Request-body checks with Laravel's answer: every failed field collected as
 * `errors: {field: [message]}` and returned together as one 422. Numbers may
 * arrive as strings (form and multipart bodies), as Laravel accepts them.
 */
import { validationFailed } from '../laravel.js';
import type { SandboxResponse } from '../router.js';

export class Checker {
  readonly errors: Record<string, string[]> = {};

  constructor(private readonly body: Record<string, unknown>) {}

  private add(field: string, message: string): undefined {
    (this.errors[field] ??= []).push(message);
    return undefined;
  }

  has(field: string): boolean {
    const v = this.body[field];
    return v !== undefined && v !== null && v !== '';
  }

  string(field: string, options: { required?: boolean; max?: number; min?: number } = {}): string | undefined {
    const label = field.replace(/_/g, ' ');
    if (!this.has(field)) return options.required ? this.add(field, `The ${label} field is required.`) : undefined;
    const v = this.body[field];
    if (typeof v !== 'string') return this.add(field, `The ${label} must be a string.`);
    const max = options.max ?? 5000;
    if (v.length > max) return this.add(field, `The ${label} may not be greater than ${max} characters.`);
    if (options.min !== undefined && v.trim().length < options.min)
      return this.add(field, `The ${label} must be at least ${options.min} characters.`);
    return v;
  }

  number(
    field: string,
    options: { required?: boolean; min?: number; max?: number; integer?: boolean; exclusiveMin?: boolean } = {},
  ): number | undefined {
    const label = field.replace(/_/g, ' ');
    if (!this.has(field)) return options.required ? this.add(field, `The ${label} field is required.`) : undefined;
    const raw = this.body[field];
    const v = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (!Number.isFinite(v)) return this.add(field, `The ${label} must be a number.`);
    if (options.integer && !Number.isInteger(v)) return this.add(field, `The ${label} must be an integer.`);
    if (options.min !== undefined && (options.exclusiveMin ? v <= options.min : v < options.min)) {
      return this.add(
        field,
        options.exclusiveMin ? `The ${label} must be greater than ${options.min}.` : `The ${label} must be at least ${options.min}.`,
      );
    }
    if (options.max !== undefined && v > options.max) return this.add(field, `The ${label} may not be greater than ${options.max}.`);
    return v;
  }

  boolean(field: string): boolean | undefined {
    if (!this.has(field)) return undefined;
    const v = this.body[field];
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === '1' || v === 1) return true;
    if (v === 'false' || v === '0' || v === 0) return false;
    return this.add(field, `The ${field.replace(/_/g, ' ')} field must be true or false.`);
  }

  oneOf<T extends string>(field: string, values: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const v = this.string(field, options);
    if (v === undefined) return undefined;
    if (!(values as readonly string[]).includes(v)) return this.add(field, `The selected ${field.replace(/_/g, ' ')} is invalid.`);
    return v as T;
  }

  strings(field: string): string[] | undefined {
    if (!this.has(field)) return undefined;
    const v = this.body[field];
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
      return this.add(field, `The ${field.replace(/_/g, ' ')} must be a list of strings.`);
    return v as string[];
  }

  /** Adds a message for a field after a check of the caller's own. */
  reject(field: string, message: string): void {
    this.add(field, message);
  }

  /** The 422 answer when any check failed. */
  failed(): SandboxResponse | undefined {
    return Object.keys(this.errors).length ? validationFailed(this.errors) : undefined;
  }
}
