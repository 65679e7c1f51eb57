/**
 * Debian's Chromium driven by playwright-core, for the GraphiQL browser test
 * and `npm run screenshot`. Never a downloaded browser: .ci/run installs the
 * `chromium` package with apt-get. The machine may have no network, and
 * Chromium's background services (component updates, sync, QUIC probes)
 * would otherwise stall start-up waiting for it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
}

/** The gateway as `npm start` runs it: every upstream from the embedded sandbox, its demo credentials pre-filled in GraphiQL. */
export async function startLikeNpmStart(): Promise<RunningGateway> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
  });
  const quiet = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const app = await createApp(config, createLogger(config.logLevel, quiet));
  const server = createServer(app.yoga);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

export interface Browser {
  page: Page;
  close(): Promise<void>;
}

/** A fresh profile each time: GraphiQL keeps tabs in localStorage, and the default tabs show only without them. */
export async function launchChromium(viewport = { width: 1440, height: 860 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'graphiql-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport,
      timeout: 60_000,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens GraphiQL and waits until it has loaded the schema (the docs button is enabled only then). */
export async function openGraphiQL(page: Page, gatewayUrl: string): Promise<void> {
  await page.goto(`${gatewayUrl}/graphql`, { waitUntil: 'load', timeout: 60_000 });
  await page.locator('.graphiql-execute-button').waitFor({ timeout: 60_000 });
}

/** The labels of GraphiQL's tabs, in order. */
export async function tabLabels(page: Page): Promise<string[]> {
  const labels = await page.locator('.graphiql-tab .graphiql-tab-button').allInnerTexts();
  return labels.map((label) => label.trim());
}

/** Clicks the run button and returns the result pane's text once it holds an answer. */
export async function runActiveTab(page: Page): Promise<string> {
  await page.locator('.graphiql-execute-button').click();
  const response = page.locator('.graphiql-response .view-lines');
  await page.waitForFunction(
    () => /"(data|errors)"/.test(document.querySelector('.graphiql-response .view-lines')?.textContent ?? ''),
    undefined,
    { timeout: 60_000 },
  );
  // Monaco renders spaces as no-break spaces.
  return (await response.innerText()).replace(/\u00a0/g, ' ');
}

/** Opens the documentation explorer, then the Query type, and returns the fields it lists. */
export async function openDocsExplorer(page: Page): Promise<string> {
  await page.getByRole('button', { name: /Documentation Explorer/ }).click();
  const explorer = page.locator('.graphiql-doc-explorer');
  await explorer.getByRole('link', { name: 'Query', exact: true }).first().click({ timeout: 60_000 });
  await explorer.getByText('seller', { exact: true }).first().waitFor({ timeout: 30_000 });
  return explorer.innerText();
}
