/** What the marketplace rows share: page sizes and the shapes of their inputs. */
import { z } from 'zod';
import { input, raw, type QueryValues } from '../../operations.js';
import type { UploadBody } from '../../call.js';
import { MAX_FIRST } from '../../paging.js';

/** Marketplace lists take any per_page from 1 to 100. */
export const MARKETPLACE_PAGE_SIZES = { max: MAX_FIRST } as const;

/** A JSON request body (snake_case keys, as resolvers/body.ts builds it). */
export const json = input<{ body: Record<string, unknown> }>();
/** A JSON body, or a multipart upload (media and offer attachments). */
export const jsonOrUpload = input<{ body: Record<string, unknown> } | { upload: UploadBody }>();
/** Query filters, in the upstream's names. */
export const filtered = input<{ query: QueryValues }>();
/** A row the gateway documents but never reads (the service's health check). */
export const unread = raw(z.unknown(), 'answer');
