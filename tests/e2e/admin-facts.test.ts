/**
 * The facts screens in a real page, on the real server: the writes as an administrator makes
 * them (a fact added, edited, switched, moved, dragged and deleted, by pointer and by keyboard)
 * and stored, focus where the keyboard needs it, axe on the states the sweep of every screen
 * (admin-a11y.test.ts) does not reach. What a screen shows for a list, an empty list, a fact
 * missing or unreachable, and how it undoes a refused change, is tested in the app's router in
 * jsdom (src/client/admin/facts/facts-screens.test.tsx); the validation messages in
 * fact-form.test.tsx, the tags' rules in tag-picker.test.tsx; which facts visitors get (the
 * active ones, at once after each write) in src/server/facts/router.test.ts and
 * public-cache.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, withDatabase, type RunningServer, startServerAndBrowser } from './support';
import {
  addUser,
  expectNoAxeViolations,
  focusedLabel,
  pressUntilFocused,
  toast,
  visible,
  withSession,
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
  await withSession(page, server, 'alice');
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

/** The switch's visible control (its input is visually hidden, as RAC renders switches). */
const switchControl = (text: string, state: 'Active' | 'Inactive') =>
  row(text).locator('label', { has: page.getByRole('switch', { name: state }) });

/** The facts as stored, in display order: what the server answers after a reload. */
const dbFacts = () =>
  withDatabase(server.dbPath, (db) =>
    db
      .prepare('SELECT id, fact_text AS text, active FROM ai_facts ORDER BY display_order, id')
      .all(),
  ) as { id: number; text: string; active: number }[];

/** The names of the tags stored on the fact with this text. */
const dbTagsOf = (text: string) =>
  withDatabase(server.dbPath, (db) =>
    db
      .prepare(
        `SELECT t.name FROM tags t JOIN ai_fact_tags ft ON ft.tag_id = t.id
         JOIN ai_facts f ON f.id = ft.fact_id WHERE f.fact_text = ? ORDER BY t.name`,
      )
      .all(text),
  ) as { name: string }[];

describe('adding a fact', () => {
  const text = 'Large language models predict the next token from context.';

  it('validates, creates a new tag, picks an existing one, and stores the fact with both', async () => {
    await openDashboard();
    await page.getByRole('button', { name: 'Add New Fact' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add New AI Fact' }));

    // The dialog with its errors (the empty dialog is in admin-a11y's sweep).
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
    expect(dbTagsOf(text)).toEqual([{ name: 'History' }, { name: 'Language Models' }]);
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
    expect(dbTagsOf(original)).toEqual([{ name: 'Milestones' }]);

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
    expect(dbFacts()[0]?.text).toBe(edited);
  });
});

describe('active switch', () => {
  it('turns a fact inactive at once, and back by keyboard, as stored', async () => {
    await openDashboard();
    const text = (await rowTexts())[1]!;
    const stored = () => dbFacts().find((f) => f.text === text)?.active;
    expect(stored()).toBe(1);
    await switchControl(text, 'Active').click();
    await visible(row(text).getByRole('switch', { name: 'Inactive' }));
    await expect.poll(stored).toBe(0);

    // And back, by keyboard: Space on the focused switch.
    await row(text).getByRole('switch', { name: 'Inactive' }).focus();
    await page.keyboard.press('Space');
    await visible(row(text).getByRole('switch', { name: 'Active' }));
    await expect.poll(stored).toBe(1);
  });
});

describe('reordering', () => {
  it('moves a fact down and up with the buttons, keeping focus on the button', async () => {
    await openDashboard();
    const [a, b, c] = await rowTexts();
    /** Waits until the row at `index` (from 0) is the fact `label`. */
    const rowAt = (index: number, label: string) =>
      page.waitForFunction(
        ([at, text]) =>
          document.querySelectorAll('[role="row"]')[Number(at)]?.getAttribute('aria-label') ===
          text,
        [String(index), label],
      );
    await row(a!).getByRole('button', { name: 'Move down' }).click();
    await rowAt(0, b!);
    expect((await rowTexts()).slice(0, 3)).toEqual([b, a, c]);
    // The button gets the focus back once its row is drawn in the new place: a frame or more
    // after the order changes (use-refocus-after-move.ts), so the focus is polled for.
    await expect.poll(() => focusedLabel(page)).toBe('Move down');
    // Enter on the still-focused button moves it again.
    await page.keyboard.press('Enter');
    await rowAt(2, a!);
    // Each click waits for the row to be drawn where the click before put it, as a person's
    // eye follows the row: the list is drawn again a task or more after the click, and a click
    // at once aimed at the row's old place can land on the row drawn there next (a quiet CI
    // run never saw a back at the top).
    await row(a!).getByRole('button', { name: 'Move up' }).click();
    await rowAt(1, a!);
    await row(a!).getByRole('button', { name: 'Move up' }).click();
    await rowAt(0, a!);
    // At the top, focus falls to the button that still works.
    await expect.poll(() => focusedLabel(page)).toBe('Move down');
    expect((await rowTexts()).slice(0, 3)).toEqual([a, b, c]);
    await expect.poll(() => dbFacts().map((f) => f.text)).toEqual(await rowTexts());
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
    await expect.poll(() => dbFacts().map((f) => f.text)).toEqual(await rowTexts());
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
    // The dialog's axe check is in admin-a11y's sweep, in both themes.
    expect(await focusedLabel(page)).toBe('Cancel');
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

  it('has no axe violations with no facts left', async () => {
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
