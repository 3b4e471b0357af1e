import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserContext, chromium, Locator, Page } from 'playwright-core';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * Swagger UI at /docs and /{lang}/docs in a real headless Chromium: the pages load in
 * their language, show every operation, and "Try it out" reaches the running service, with the
 * credentials given through Authorize. Needs Debian's `chromium` package; without it this fails.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOT = join(__dirname, '..', 'test-output', 'swagger-de.png');
/** Generous: two cores shared with other test runs; these bound waits, they assert nothing. */
const UI_WAIT = { timeout: 30_000 };

jest.setTimeout(180_000);

function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. The Swagger UI test drives a real browser: install Debian's ` +
        `package with "apt-get update && apt-get install -y chromium" (or point CHROMIUM_PATH at a Chromium binary).`,
    );
  }
}

describe('Swagger UI in a real browser', () => {
  let t: TestApp;
  let base: string;
  let profile: string;
  let browser: BrowserContext;
  let draftId: number;

  beforeAll(async () => {
    requireChromium();
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    profile = mkdtempSync(join(tmpdir(), 'calendar-chromium-'));
    browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const draft = await t.http
      .post(`${NS}/events`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Entwurf', status: 'draft', start_date: '2030-03-01 10:00', end_date: '2030-03-01 12:00' })
      .expect(201);
    draftId = (draft.body as { id: number }).id;
  });

  afterAll(async () => {
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await t?.close();
  });

  /** A fresh page of the UI with no remembered authorization. */
  async function openUi(path: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${base}${path}`);
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.locator('.opblock').first().waitFor(UI_WAIT);
    return page;
  }

  function operation(page: Page, tag: string, operationId: string): Locator {
    return page.locator(`#operations-${tag}-${operationId}`);
  }

  /** Expands an operation, switches to "Try it out", fills path parameters, executes, returns the status shown. */
  async function tryItOut(block: Locator, parameters: Record<string, string> = {}): Promise<string> {
    if (!(await block.locator('.opblock-body').isVisible())) await block.locator('.opblock-summary').first().click();
    const tryOut = block.locator('.try-out__btn');
    if ((await tryOut.innerText()).trim() === 'Try it out') await tryOut.click();
    for (const [name, value] of Object.entries(parameters)) await block.locator(`tr[data-param-name="${name}"] input`).fill(value);
    // A previous answer stays on screen until cleared; clear it so the status read below is the new one.
    const clear = block.locator('button.btn-clear');
    if (await clear.isVisible()) {
      await clear.click();
      await block.locator('.live-responses-table').waitFor({ state: 'detached', ...UI_WAIT });
    }
    await block.locator('button.execute').click();
    const status = block.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor(UI_WAIT);
    return (await status.innerText()).trim();
  }

  /** Authorize with a Bearer token, as an administrator would in the UI. */
  async function authorize(page: Page, token: string): Promise<void> {
    await page.locator('.scheme-container .btn.authorize').click();
    await page.locator('#auth-bearer-value').fill(token);
    await page
      .locator('.auth-container')
      .filter({ has: page.locator('#auth-bearer-value') })
      .locator('button.authorize')
      .click();
    await page.locator('.modal-ux .close-modal').click();
  }

  /** A screenshot of one part of the page, kept under test-output/. */
  async function screenshot(part: Locator, name: string): Promise<void> {
    const file = join(SCREENSHOT, '..', name);
    mkdirSync(join(file, '..'), { recursive: true });
    rmSync(file, { force: true });
    await part.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(10_000);
  }

  async function operationCount(path: string): Promise<number> {
    const document = (await t.http.get(path).expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    return Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  }

  it('shows the German UI at /de/docs with every operation, its server URL under /de (screenshot kept)', async () => {
    const page = await openUi('/de/docs');
    await expect(page.locator('.info .title').innerText()).resolves.toContain('Kalender-API');
    await expect(page.locator('.opblock').count()).resolves.toBe(await operationCount('/de/docs-json'));
    await expect(operation(page, 'events', 'events_list').locator('.opblock-summary-description').innerText()).resolves.toBe(
      'Veranstaltungen auflisten',
    );
    await expect(page.locator('.servers select').inputValue()).resolves.toBe(`${base}/de${NS}/`);
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    rmSync(SCREENSHOT, { force: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    await page.close();
  });

  it('shows the English UI at /docs', async () => {
    const page = await openUi('/docs');
    await expect(page.locator('.info .title').innerText()).resolves.toContain('Calendar API');
    await expect(page.locator('.opblock').count()).resolves.toBe(await operationCount('/docs-json'));
    await expect(operation(page, 'events', 'events_list').locator('.opblock-summary-description').innerText()).resolves.toBe('List events');
    await page.close();
  });

  it('"Try it out" on the events list gets 200 from the running service', async () => {
    const page = await openUi('/de/docs');
    const block = operation(page, 'events', 'events_list');
    await expect(tryItOut(block)).resolves.toBe('200');
    await expect(block.locator('.request-url').innerText()).resolves.toContain(`${base}/de${NS}/events`);
    await expect(block.locator('.live-responses-table tbody .response-col_description').first().innerText()).resolves.toContain('"events"');
    await page.close();
  });

  it.each(['/docs', '/de/docs'])(
    'at %s, "Try it out" on every read with its defaults (path parameters filled) answers 200',
    async (path) => {
      const admin = bearer(ADMIN_TOKEN);
      const records: Record<string, { id: number; slug: string }> = {};
      for (const [collection, fields] of Object.entries({
        events: { title: 'UI read', start_date: '2031-01-01 10:00', end_date: '2031-01-01 12:00' },
        venues: { venue: 'UI read hall' },
        organizers: { organizer: 'UI read society' },
        categories: { name: `UI read ${path}` },
        tags: { name: `UI read ${path}` },
        imports: { calendar: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//UI read//EN\r\nEND:VCALENDAR\r\n' },
      })) {
        records[collection] = (await t.http.post(`${NS}/${collection}`).set(admin).send(fields).expect(201)).body as {
          id: number;
          slug: string;
        };
      }
      const document = (await t.http.get(`${path}-json`).expect(200)).body as {
        paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
      };
      const page = await openUi(path);
      await authorize(page, ADMIN_TOKEN);
      const answers: string[] = [];
      for (const [route, item] of Object.entries(document.paths)) {
        if (!item.get) continue;
        const record = records[route.split('/')[1]];
        const parameters: Record<string, string> = {};
        if (route.includes('{id}')) parameters.id = String(record.id);
        if (route.includes('{slug}')) parameters.slug = record.slug;
        const block = operation(page, item.get.tags[0], item.get.operationId);
        answers.push(`GET ${route} ${await tryItOut(block, parameters)}`);
        // Collapsed again: fewer live blocks keep the page quick.
        await block.locator('.opblock-summary').first().click();
      }
      expect(answers.filter((answer) => !answer.endsWith(' 200'))).toEqual([]);
      expect(answers.length).toBeGreaterThan(15);
      await page.close();
    },
  );

  it('works under its Content-Security-Policy: nothing is refused', async () => {
    const refused: string[] = [];
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const response = await page.goto(`${base}/docs`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await page.locator('.opblock').first().waitFor(UI_WAIT);
    await expect(tryItOut(operation(page, 'events', 'events_list'))).resolves.toBe('200');
    expect(refused).toEqual([]);
    await page.close();
  });

  it('Authorize takes a Bearer token, which "Try it out" then sends', async () => {
    const page = await openUi('/docs');
    const block = operation(page, 'events', 'events_get');
    await expect(tryItOut(block, { id: String(draftId) })).resolves.toBe('403');
    await authorize(page, ADMIN_TOKEN);
    await expect(tryItOut(block, { id: String(draftId) })).resolves.toBe('200');
    await page.close();
  });

  it('Authorize takes HTTP Basic with a user name and token, as WordPress clients send', async () => {
    const token = await t.tokenFor('editor', 'ui-editor');
    const page = await openUi('/de/docs');
    await page.locator('.scheme-container .btn.authorize').click();
    await page.locator('#auth-basic-username').fill('ui-editor');
    await page.locator('#auth-basic-password').fill(token);
    await page
      .locator('.auth-container')
      .filter({ has: page.locator('#auth-basic-username') })
      .locator('button.authorize')
      .click();
    await page.locator('.modal-ux .close-modal').click();
    await expect(tryItOut(operation(page, 'events', 'events_get'), { id: String(draftId) })).resolves.toBe('200');
    await page.close();
  });

  it.each([
    ['/docs', 'en', 'Jazz Night with the Anna Berg Quartet'],
    ['/de/docs', 'de', 'Jazzabend mit dem Anna Berg Quartett'],
  ])(
    'at %s, "Try it out" on POST /events with the pre-filled body creates the event: 201 (screenshot kept)',
    async (path, language, title) => {
      const page = await openUi(path);
      await authorize(page, ADMIN_TOKEN);
      const block = operation(page, 'events', 'events_create');
      await block.locator('.opblock-summary').first().click();
      await block.locator('.try-out__btn').click();
      // The body as Swagger UI pre-fills it, sent untouched.
      const prefilled = JSON.parse(await block.locator('textarea.body-param__text').inputValue()) as Record<string, unknown>;
      expect(prefilled).toMatchObject({ title, venue: expect.any(Object), categories: expect.any(Array) });
      await expect(tryItOut(block)).resolves.toBe('201');
      await expect(block.locator('.live-responses-table tbody .response-col_description').first().innerText()).resolves.toContain(title);
      await screenshot(block, `swagger-create-event-${language}.png`);
      const created = await t.http
        .get(`${NS}/events`)
        .query({ search: title, start_date: '2027-01-01' })
        .set(bearer(ADMIN_TOKEN))
        .expect(200);
      expect((created.body as { events: Array<{ title: string }> }).events.map((event) => event.title)).toContain(title);
      await page.close();
    },
  );
});
