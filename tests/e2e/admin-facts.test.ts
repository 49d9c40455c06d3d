import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, withDatabase, type RunningServer, startServerAndBrowser } from './support';
import {
  addUser,
  expectNoAxeViolations,
  focusedLabel,
  pressUntilFocused,
  signIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;
/** One signed-in page for the whole file: the tests follow one administrator's session. */
let page: Page;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  await addUser(server.dbPath, 'alice');
  // An existing tag to pick (the server starts with the demo facts and no tags).
  withDatabase(server.dbPath, (db) => {
    db.prepare('INSERT INTO tags (name) VALUES (?)').run('History');
  });
  page = await newPage(browser);
  await signIn(page, server.url, 'alice');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

async function openDashboard(): Promise<void> {
  await page.goto(`${server.url}/admin/dashboard`);
  await visible(page.getByRole('heading', { name: 'AI Facts Management' }));
  await page.getByRole('row').first().waitFor();
}

/** Fact texts in the order the dashboard shows them. */
function rowTexts(): Promise<string[]> {
  return page
    .getByRole('row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
}

const row = (text: string) => page.getByRole('row', { name: text });

/** facts.byId over tRPC, alone or batched with other queries of the same render. */
const FACT_BY_ID = '**/api/trpc/*facts.byId*';

/** The switch's visible control (its input is visually hidden, as RAC renders switches). */
const switchControl = (text: string, state: 'Active' | 'Inactive') =>
  row(text).locator('label', { has: page.getByRole('switch', { name: state }) });

/** What a visitor's carousel holds: every active fact's full text. */
async function homeFacts(): Promise<string[]> {
  const visitor = await newPage(browser);
  try {
    await visitor.goto(server.url);
    await visitor.locator('[aria-roledescription="slide"]').first().waitFor({ state: 'attached' });
    return await visitor
      .locator('[aria-roledescription="slide"] .sr-only')
      .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
  } finally {
    await visitor.context().close();
  }
}

const dbFacts = () =>
  withDatabase(server.dbPath, (db) =>
    db.prepare('SELECT id, fact_text AS text FROM ai_facts ORDER BY display_order, id').all(),
  ) as { id: number; text: string }[];

describe('dashboard', () => {
  it('lists the facts by order with source, date, and controls disabled at the ends', async () => {
    await openDashboard();
    const texts = await rowTexts();
    expect(texts).toEqual(dbFacts().map((f) => f.text));
    const first = row(texts[0]!);
    await visible(first.getByText(/^Source: /));
    // A date shows only where the fact has one (the demo facts' second is dated).
    await visible(row(texts[1]!).getByText('Date: August 31, 1955'));
    expect(await first.getByText(/^Date: /).count()).toBe(0);
    expect(await first.getByRole('button', { name: 'Move up' }).isDisabled()).toBe(true);
    expect(await first.getByRole('button', { name: 'Move down' }).isDisabled()).toBe(false);
    const last = row(texts.at(-1)!);
    expect(await last.getByRole('button', { name: 'Move down' }).isDisabled()).toBe(true);
    expect(await first.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
    await visible(page.getByText('Add, edit, and manage facts shown in the carousel'));
    await expectNoAxeViolations(page);
  });
});

describe('adding a fact', () => {
  const text = 'Large language models predict the next token from context.';

  it('validates, creates a new tag, picks an existing one, and shows the fact on the home page', async () => {
    await openDashboard();
    await page.getByRole('button', { name: 'Add New Fact' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add New AI Fact' }));
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Fact must be at least 5 characters long'));
    await visible(dialog.getByText('Source must be at least 2 characters long'));
    await expectNoAxeViolations(page);

    await dialog.getByRole('textbox', { name: 'Fact Text' }).fill(text);
    await dialog.getByRole('textbox', { name: 'Source' }).fill('Course notes');
    await dialog.getByLabel('Date (optional)').fill('2023-03-14');
    expect(
      await dialog.getByRole('switch', { name: 'Display this fact on the website' }).isChecked(),
    ).toBe(true);

    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'New tag' }).fill('   ');
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'New tag' }).fill('  Language Models ');
    await dialog.getByRole('textbox', { name: 'New tag' }).press('Enter');
    await toast(page, 'Tag created successfully');
    await visible(dialog.getByRole('button', { name: 'Remove tag Language Models' }));
    // Enter added the tag; it did not submit the fact.
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Add tag History' }).click();
    await visible(dialog.getByRole('button', { name: 'Remove tag History' }));
    // Typing a selected tag's name again does not add it twice.
    await dialog.getByRole('textbox', { name: 'New tag' }).fill('history');
    await add.click();
    expect(await dialog.getByRole('button', { name: 'Remove tag History' }).count()).toBe(1);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'AI fact created successfully');
    await page.getByRole('dialog', { name: 'Add New AI Fact' }).waitFor({ state: 'detached' });
    await visible(row(text));
    expect((await rowTexts()).at(-1)).toBe(text);
    await visible(row(text).getByText('Date: March 14, 2023'));
    // The row shows the fact's tags, by name.
    expect(
      await row(text).getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents(),
    ).toEqual(['History', 'Language Models']);

    // The tags were attached after creation.
    await row(text).getByRole('link', { name: text }).click();
    await visible(page.getByRole('heading', { name: 'Edit AI Fact' }));
    await visible(page.getByRole('button', { name: 'Remove tag History' }));
    await visible(page.getByRole('button', { name: 'Remove tag Language Models' }));

    expect(await homeFacts()).toContain(text);
  });

  it('can be done by keyboard alone', async () => {
    await openDashboard();
    await page.locator('body').focus();
    await pressUntilFocused(page, 'Tab', 'Add New Fact');
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'Add New AI Fact' }));
    await pressUntilFocused(page, 'Tab', 'Fact Text');
    await page.keyboard.type('Keyboard users can add facts as well.');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Accessibility audit');
    await pressUntilFocused(page, 'Tab', 'Display this fact on the website');
    await page.keyboard.press('Space');
    expect(
      await dialog.getByRole('switch', { name: 'Display this fact on the website' }).isChecked(),
    ).toBe(false);
    await pressUntilFocused(page, 'Tab', 'New tag');
    await page.keyboard.type('Keyboard');
    await page.keyboard.press('Enter');
    await visible(dialog.getByRole('button', { name: 'Remove tag Keyboard' }));
    await pressUntilFocused(page, 'Tab', 'Save');
    await page.keyboard.press('Enter');
    await toast(page, 'AI fact created successfully');
    const added = row('Keyboard users can add facts as well.');
    await visible(added);
    expect(await added.getByRole('switch', { name: 'Inactive' }).isChecked()).toBe(false);
  });

  it('tells why a save failed and keeps the dialog open', async () => {
    await openDashboard();
    await page.route('**/api/trpc/facts.create**', (route) => route.abort());
    try {
      await page.getByRole('button', { name: 'Add New Fact' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Add New AI Fact' }));
      await dialog.getByRole('textbox', { name: 'Fact Text' }).fill('This one will not be saved.');
      await dialog.getByRole('textbox', { name: 'Source' }).fill('Nowhere');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const error = await toast(page, 'Error');
      expect(await error.innerText()).toContain('Failed to create AI fact: ');
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: 'Add New AI Fact' }).waitFor({ state: 'detached' });
      expect(await rowTexts()).not.toContain('This one will not be saved.');
    } finally {
      await page.unroute('**/api/trpc/facts.create**');
    }
  });
});

describe('editing a fact', () => {
  it('changes text and date, attaches and removes tags at once, and saves', async () => {
    await openDashboard();
    const original = (await rowTexts())[0]!;
    await row(original).getByRole('link', { name: 'Edit' }).click();
    await visible(page.getByRole('heading', { name: 'Edit AI Fact' }));
    const factText = page.getByRole('textbox', { name: 'Fact Text' });
    expect(await factText.inputValue()).toBe(original);
    await visible(page.getByText('No tags added yet'));
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add tag History' }).click();
    await toast(page, 'Tag added successfully');
    await visible(page.getByRole('button', { name: 'Remove tag History' }));
    await page.getByRole('textbox', { name: 'New tag' }).fill('Milestones');
    await page.getByRole('textbox', { name: 'New tag' }).press('Enter');
    await toast(page, 'Tag created and added successfully');
    await visible(page.getByRole('button', { name: 'Remove tag Milestones' }));
    await page.getByRole('button', { name: 'Remove tag History' }).click();
    await toast(page, 'Tag removed successfully');
    await page.getByRole('button', { name: 'Remove tag History' }).waitFor({ state: 'detached' });

    // Tags were saved on their own, before Save.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Remove tag Milestones' }));
    expect(await page.getByRole('button', { name: 'Remove tag History' }).count()).toBe(0);

    const edited = `${original} (edited)`;
    await factText.fill('abc');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Fact must be at least 5 characters long'));
    await expectNoAxeViolations(page);
    await factText.fill(edited);
    await page.getByLabel('Date (optional)').fill('2001-02-03');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'AI fact updated successfully');
    await page.waitForURL('**/admin/dashboard');
    await visible(row(edited).getByText('Date: February 3, 2001'));
    expect(await homeFacts()).toContain(edited);
  });

  it('returns to the listing without saving', async () => {
    await openDashboard();
    const first = (await rowTexts())[0]!;
    await row(first).getByRole('link', { name: first }).click();
    await visible(page.getByRole('heading', { name: 'Edit AI Fact' }));
    await page.getByRole('textbox', { name: 'Fact Text' }).fill('Unsaved change to the text');
    await page.getByRole('link', { name: 'Return to Listing' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect((await rowTexts())[0]).toBe(first);
  });

  it('shows a spinner, then "AI Fact not found." or "Error loading fact: ..."', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Reads made at the same moment may share its request
    // (/api/trpc/other.read,facts.byId?batch=1...), hence the * before the name.
    await page.route(FACT_BY_ID, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${server.url}/admin/ai-fact-edit/999999`);
      await visible(page.getByRole('status').filter({ hasText: 'Loading fact...' }));
      release();
      await visible(page.getByText('AI Fact not found.'));
      await visible(page.getByRole('link', { name: 'Return to Listing' }));
      await expectNoAxeViolations(page);
    } finally {
      await page.unroute(FACT_BY_ID);
    }

    await page.goto(`${server.url}/admin/ai-fact-edit/not-a-number`);
    await visible(page.getByText('AI Fact not found.'));

    await page.route(FACT_BY_ID, (route) => route.abort());
    try {
      await page.goto(`${server.url}/admin/ai-fact-edit/${dbFacts()[0]!.id}`);
      await visible(page.getByText(/^Error loading fact: The server could not be reached/));
    } finally {
      await page.unroute(FACT_BY_ID);
    }
  });
});

describe('active switch', () => {
  it('turns a fact inactive at once, and it leaves the home page', async () => {
    await openDashboard();
    const text = (await rowTexts())[1]!;
    expect(await homeFacts()).toContain(text);
    await switchControl(text, 'Active').click();
    await visible(row(text).getByRole('switch', { name: 'Inactive' }));
    await page.reload();
    await visible(row(text).getByRole('switch', { name: 'Inactive' }));
    expect(await homeFacts()).not.toContain(text);

    // And back, by keyboard: Space on the focused switch.
    await row(text).getByRole('switch', { name: 'Inactive' }).focus();
    await page.keyboard.press('Space');
    await visible(row(text).getByRole('switch', { name: 'Active' }));
    await page.reload();
    await visible(row(text).getByRole('switch', { name: 'Active' }));
  });

  it('rolls back with the error toast when the server refuses', async () => {
    await openDashboard();
    const text = (await rowTexts())[0]!;
    await page.route('**/api/trpc/facts.update**', (route) => route.abort());
    try {
      await switchControl(text, 'Active').click();
      const error = await toast(page, 'Error');
      expect(await error.innerText()).toContain('Failed to update AI fact: ');
      await visible(row(text).getByRole('switch', { name: 'Active' }));
    } finally {
      await page.unroute('**/api/trpc/facts.update**');
    }
  });
});

describe('reordering', () => {
  it('moves a fact down and up with the buttons, keeping focus on the button', async () => {
    await openDashboard();
    const [a, b, c] = await rowTexts();
    await row(a!).getByRole('button', { name: 'Move down' }).click();
    await page.waitForFunction(
      (first) => document.querySelector('[role="row"]')?.getAttribute('aria-label') === first,
      b,
    );
    expect((await rowTexts()).slice(0, 3)).toEqual([b, a, c]);
    expect(await focusedLabel(page)).toBe('Move down');
    // Enter on the still-focused button moves it again.
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (third) => document.querySelectorAll('[role="row"]')[2]?.getAttribute('aria-label') === third,
      a,
    );
    await row(a!).getByRole('button', { name: 'Move up' }).click();
    await row(a!).getByRole('button', { name: 'Move up' }).click();
    await page.waitForFunction(
      (first) => document.querySelector('[role="row"]')?.getAttribute('aria-label') === first,
      a,
    );
    // At the top, focus falls to the button that still works.
    expect(await focusedLabel(page)).toBe('Move down');
    await page.reload();
    await page.getByRole('row').first().waitFor();
    expect((await rowTexts()).slice(0, 3)).toEqual([a, b, c]);
    expect(dbFacts().map((f) => f.text)).toEqual(await rowTexts());
  });

  it('drags a row to another place by keyboard', async () => {
    await openDashboard();
    const [a, b, c, d] = await rowTexts();
    // Into the list from "Add New Fact", to the first row's drag handle.
    await page.getByRole('button', { name: 'Add New Fact' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe(a);
    await page.keyboard.press('ArrowRight');
    expect(await focusedLabel(page)).toBe(`Drag ${a}`);
    // Each key waits for react-aria to move focus to the next drop target: on a busy machine a
    // key pressed before the drag session exists lands elsewhere.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe(`Insert between ${a} and ${b}`);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedLabel(page)).toBe(`Insert between ${b} and ${c}`);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedLabel(page)).toBe(`Insert between ${c} and ${d}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (third) => document.querySelectorAll('[role="row"]')[2]?.getAttribute('aria-label') === third,
      a,
    );
    expect((await rowTexts()).slice(0, 4)).toEqual([b, c, a, d]);
    await page.reload();
    await page.getByRole('row').first().waitFor();
    expect((await rowTexts()).slice(0, 4)).toEqual([b, c, a, d]);
  });

  it('puts the list back with the error toast when a move fails', async () => {
    await openDashboard();
    const before = await rowTexts();
    await page.route('**/api/trpc/facts.move**', (route) => route.abort());
    try {
      await row(before[0]!).getByRole('button', { name: 'Move down' }).click();
      const error = await toast(page, 'Error');
      expect(await error.innerText()).toContain('Failed to update AI fact: ');
      await page.waitForFunction(
        (first) => document.querySelector('[role="row"]')?.getAttribute('aria-label') === first,
        before[0],
      );
      expect(await rowTexts()).toEqual(before);
    } finally {
      await page.unroute('**/api/trpc/facts.move**');
    }
  });
});

describe('deleting', () => {
  it('asks for confirmation in an alert dialog, then deletes', async () => {
    await openDashboard();
    const [first, second] = await rowTexts();
    const count = (await rowTexts()).length;
    await row(second!).getByRole('button', { name: 'Delete' }).click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Delete fact' }));
    await visible(dialog.getByText('Are you sure you want to delete this fact?'));
    expect(await focusedLabel(page)).toBe('Cancel');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await rowTexts()).toHaveLength(count);

    await row(second!).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'AI fact deleted successfully');
    await row(second!).waitFor({ state: 'detached' });
    expect(await rowTexts()).toHaveLength(count - 1);
    expect((await rowTexts())[0]).toBe(first);
    expect(dbFacts().map((f) => f.text)).not.toContain(second);
  });

  it('says so when no facts are left', async () => {
    withDatabase(server.dbPath, (db) => db.prepare('DELETE FROM ai_facts').run());
    await page.goto(`${server.url}/admin/dashboard`);
    await visible(page.getByText('No facts found. Add your first fact to get started.'));
    await expectNoAxeViolations(page);
  });
});

describe('session', () => {
  it('sends the administrator to the login page once the session has ended elsewhere', async () => {
    await page.goto(`${server.url}/admin/dashboard`);
    await visible(page.getByRole('heading', { name: 'AI Facts Management' }));
    // Every read of the page answered first (list, unread count): otherwise one still on its
    // way would meet the ended session before the click this test is about.
    await page.waitForLoadState('networkidle');
    withDatabase(server.dbPath, (db) => db.prepare('DELETE FROM sessions').run());
    // Saving a new fact is refused 401: the first 401 ends the dashboard.
    await page.getByRole('button', { name: 'Add New Fact' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add New AI Fact' }));
    await dialog.getByRole('textbox', { name: 'Fact Text' }).fill('A fact that will not be saved');
    await dialog.getByRole('textbox', { name: 'Source' }).fill('Nowhere');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Session ended');
    await page.waitForURL('**/admin/login');
    await visible(page.getByRole('heading', { name: 'Admin Login' }));
  });
});
