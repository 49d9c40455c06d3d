import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CAROUSEL_TYPING_SPEED_MS as TYPING_MS } from '#client/home/home-timings';
import {
  apiRequest,
  DESKTOP,
  newPage,
  withDatabase,
  type RunningServer,
  startServerAndBrowser,
} from './support';
import {
  advanceClock,
  advanceClockUntil,
  fillContactForm,
  openApp,
  pauseClock,
  publicFacts,
  revealWholePage,
  storedContacts,
  storedSubscribers,
  viewportTop,
  waitForContactForm,
  waitForScrollEnd,
} from './support/home';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Holds back the facts request until the returned function is called. */
async function holdFacts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/trpc/facts.listPublic**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the carousel is (or is not) at least 30% visible as an IntersectionObserver
 * sees it: the condition under which the page plays key sounds.
 */
function carouselAudible(page: Page, audible: boolean): Promise<void> {
  return page.evaluate(
    (audible) =>
      new Promise<void>((resolve) => {
        const region = document.querySelector('[aria-roledescription="carousel"]')!;
        const observer = new IntersectionObserver(
          (entries) => {
            const entry = entries[entries.length - 1]!;
            if ((entry.isIntersecting && entry.intersectionRatio >= 0.3) === audible) {
              observer.disconnect();
              resolve();
            }
          },
          { threshold: [0, 0.3, 1] },
        );
        observer.observe(region);
      }),
    audible,
  );
}

/**
 * Resolves once the current slide's typed text has grown `steps` times: each rendered typing
 * step is a chance for a key sound, so silence after them means none was played.
 */
function typingSteps(page: Page, steps: number): Promise<void> {
  return page.evaluate(
    (steps) =>
      new Promise<void>((resolve, reject) => {
        const slide = document.querySelector('[data-current]')!;
        const typed = slide.querySelector('[data-typed-text]')!;
        const full = slide.querySelector('.sr-only')!.textContent!.length;
        let length = typed.textContent!.length;
        let seen = 0;
        const observer = new MutationObserver(() => {
          const now = typed.textContent!.length;
          if (now > length) seen++;
          length = now;
          if (seen >= steps) {
            observer.disconnect();
            resolve();
          } else if (length >= full) {
            observer.disconnect();
            reject(new Error(`the slide was typed out after ${seen} of ${steps} steps`));
          }
        });
        observer.observe(typed, { childList: true, characterData: true, subtree: true });
      }),
    steps,
  );
}

async function withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const page = await newPage(browser, DESKTOP);
  try {
    return await fn(page);
  } finally {
    await page.context().close();
  }
}

describe('home page at 1280 px', () => {
  it('is served prerendered: the text is in the HTML before any JavaScript runs', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    for (const text of [
      'Unlocking Your',
      'AI Value',
      'Three-Pillar Service Approach',
      'Ready to Transform Your Organization with AI?',
      'Get in Touch',
      'Select a subject',
      'Transforming businesses through cutting-edge AI solutions and expert consulting.',
    ]) {
      expect(html).toContain(text);
    }
    // The demo video that comes with the site (home-video.test.ts plays it).
    expect(html).toContain('See AI in Action');
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/"');
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toMatch(/"@type":"ProfessionalService"/);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="twitter:card"');
    expect(html).not.toMatch(/admin-shell|AI Facts Management/);
  });

  it('hydrates the prerendered page without errors, warnings or CSP violations', async () => {
    await withPage(async (page) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      // Take hold of prerendered nodes once the HTML is parsed, before module scripts run.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { prerendered: Element[] }).prerendered = [
            document.getElementById('hero-title')!,
            document.querySelector('#contact-form input[autocomplete="name"]')!,
          ];
        });
      });
      await page.goto(server.url);
      await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
      await revealWholePage(page);
      await page.locator('[aria-roledescription="carousel"]').waitFor();
      await waitForContactForm(page);
      // The newsletter island hydrates last (the footer); once its button is enabled every
      // part of the page has hydrated, so a mismatch anywhere would have shown by now.
      await page.waitForFunction(() => {
        const button = document.querySelector<HTMLButtonElement>(
          '#newsletter-signup button[type="submit"]',
        );
        return button !== null && !button.disabled;
      });
      // The same DOM nodes as prerendered: hydrated, not thrown away and rendered again.
      expect(
        await page.evaluate(() =>
          (window as unknown as { prerendered: Element[] }).prerendered.map((n) => n?.isConnected),
        ),
      ).toEqual([true, true]);
      expect(problems).toEqual([]);
    });
  });

  it('shows every section in order with the documented texts', async () => {
    await withPage(async (page) => {
      await openApp(page, server.url);
      await revealWholePage(page);
      // The facts section is a section once its facts came (the skeleton before is not one).
      await page.locator('[aria-roledescription="carousel"]').waitFor();
      const order = await page.$$eval('main > section', (sections) =>
        sections.map((s) => s.id || s.getAttribute('aria-labelledby')),
      );
      expect(order).toEqual([
        'home',
        'ai-facts',
        'value-title',
        'services',
        'video-title',
        'cta-title',
        'about',
        'contact',
      ]);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Unlocking Your AI Value',
      );
      for (const title of [
        'Expert AI Implementation',
        'Custom AI Solutions',
        'Measurable Business Impact',
        'Custom AI Solution Development',
        'AI Technology Assessment & Integration',
        'Strategic AI Partnerships & Implementation',
        'Ready to Transform Your Organization with AI?',
        'Get in Touch',
      ]) {
        expect(await page.getByRole('heading', { name: title, exact: true }).isVisible()).toBe(
          true,
        );
      }
      // Three service cards with four bullets each.
      const bullets = await page.$$eval('#services li ul', (lists) =>
        lists.map((l) => l.querySelectorAll('li').length),
      );
      expect(bullets).toEqual([4, 4, 4]);
      // Every "Learn more", "Book a Free Consultation" and "Get in Touch" link goes to #contact.
      const ctaTargets = await page.$$eval('a', (links) =>
        links
          .filter((a) =>
            /^(Learn more|Book a Free Consultation|Get in Touch)/.test(a.textContent ?? ''),
          )
          .map((a) => a.getAttribute('href')),
      );
      expect(ctaTargets.length).toBeGreaterThanOrEqual(6);
      expect(new Set(ctaTargets)).toEqual(new Set(['#contact']));
      // About: the founder by role, the experience figures, e-mail, phone and profile links.
      const about = (await page.locator('#about').textContent()) ?? '';
      expect(about).toContain('Founder & Principal AI Engineer');
      expect(about).toContain('20 years');
      expect(about).toContain('4 years');
      expect(about).toMatch(/defence/i);
      expect(await page.locator('#about a[href^="mailto:"]').count()).toBe(1);
      expect(await page.locator('#about a[href^="tel:"]').count()).toBe(1);
      expect(await page.locator('#about a[href*="linkedin.com"]').count()).toBe(1);
      // Contact details.
      const contact = (await page.locator('#contact').textContent()) ?? '';
      for (const text of [
        '+1 (555) 010-0000',
        'hello@example.com',
        'Falls Church, Virginia',
        'Follow Us',
      ]) {
        expect(contact).toContain(text);
      }
      // The bundled demo video (home-video.test.ts plays it), and no third-party frame. The
      // facade of a YouTube or Vimeo video is covered by video-section.test.tsx.
      expect(await page.locator('section[aria-labelledby="video-title"] video').count()).toBe(1);
      expect(await page.locator('iframe').count()).toBe(0);
      // Footer.
      const footer = page.locator('footer');
      for (const text of [
        'Training Specialty Models',
        'Fine-Tuning LLMs',
        'Semantic Search & RAG',
        'AI Agents & Automation',
        'MCP Server Integration',
        'Terms of Service',
        'Privacy Policy',
        'Cookie Policy',
        'Responsible AI',
      ]) {
        expect(await footer.getByText(text, { exact: true }).isVisible()).toBe(true);
      }
      expect(await footer.locator('a[href="#services"]').count()).toBe(5);
      expect(await footer.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe(
        '#about',
      );
      expect(await footer.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(
        '#contact',
      );
      expect(await footer.getByRole('link', { name: 'Admin Area' }).getAttribute('href')).toBe(
        '/admin/login',
      );
      // Legal entries link only to the pages that have text: the starting privacy policy and
      // terms of service, not the cookie policy or responsible AI.
      expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
        '/privacy',
      );
      expect(
        await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href'),
      ).toBe('/terms');
      expect(await footer.getByRole('link', { name: 'Cookie Policy' }).count()).toBe(0);
      expect(await footer.getByRole('link', { name: 'Responsible AI' }).count()).toBe(0);
      expect(await footer.textContent()).toContain(
        `© ${new Date().getFullYear()} Acme AI Engineering`,
      );
    });
  });

  it('header: sticky, links, Contact Us, and a shadow only after 10 px of scrolling', async () => {
    await withPage(async (page) => {
      await openApp(page, server.url);
      const header = page.locator('header').first();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Services', 'About']);
      expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
        '#contact',
      );
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
      const shadow = () => header.evaluate((el) => getComputedStyle(el).boxShadow);
      expect(await shadow()).toBe('none');
      await page.evaluate(() => window.scrollTo(0, 40));
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector('header')!).boxShadow !== 'none',
      );
      expect(await header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
      // Back to 8 px: waiting for the shadow to go proves the page handled the scroll to 8
      // (a header that kept it, or showed it from fewer px, would never get there).
      await page.evaluate(() => window.scrollTo(0, 8));
      await page.waitForFunction(
        () =>
          window.scrollY === 8 &&
          getComputedStyle(document.querySelector('header')!).boxShadow === 'none',
      );
    });
  });

  it('in-page links scroll smoothly and leave 80 px for the header', async () => {
    await withPage(async (page) => {
      await openApp(page, server.url);
      // Records every position the page passes through on its way to a target.
      await page.evaluate(() => {
        const w = window as unknown as { passedThrough: number[] };
        w.passedThrough = [];
        window.addEventListener('scroll', () => w.passedThrough.push(window.scrollY));
      });
      for (const [link, target] of [
        [
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }),
          '#services',
        ],
        [page.getByRole('link', { name: 'Contact Us' }), '#contact'],
        [
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }),
          '#about',
        ],
      ] as const) {
        const before = await page.evaluate(() => {
          (window as unknown as { passedThrough: number[] }).passedThrough = [];
          return window.scrollY;
        });
        await link.click();
        await waitForScrollEnd(page, before);
        const top = await viewportTop(page, target);
        expect(Math.abs(top - 80), `${target} top ${top}`).toBeLessThanOrEqual(2);
        const after = await page.evaluate(() => window.scrollY);
        expect(before).not.toBe(after);
        // Smooth: the page stopped on the way (a jump reports the end position only).
        const passedThrough = await page.evaluate(
          () => (window as unknown as { passedThrough: number[] }).passedThrough,
        );
        expect(
          passedThrough.some((y) => y !== before && y !== after),
          `positions ${passedThrough.join(', ')}`,
        ).toBe(true);
      }
    });
  });

  it('the facts carousel types a fact, counts down 5 s, then advances; the source shows on hover', async () => {
    const facts = await publicFacts(server.url);
    expect(facts.length).toBeGreaterThan(1);
    await withPage(async (page) => {
      // The carousel runs on timers: the test drives them with Playwright's clock, so every
      // check below sees exact times however slow the machine is. The facts are held back
      // until the clock is paused, so the first slide starts typing under the test's control.
      await page.clock.install();
      const releaseFacts = await holdFacts(page);
      await openApp(page, server.url);
      await pauseClock(page);
      releaseFacts();
      // The carousel's reveal (Suspense) waits on a timer too.
      await advanceClockUntil(page, () => document.querySelector('[data-current]') !== null, {
        stepMs: TYPING_MS,
        limitMs: 5000,
      });
      const carousel = page.getByRole('group', { name: 'AI facts', exact: true });
      await carousel.scrollIntoViewIfNeeded();
      const current = carousel.locator('[data-current]');
      const typed = current.locator('[data-typed-text]');
      expect(await current.getAttribute('aria-label')).toBe(`Fact 1 of ${facts.length}`);

      // Typing: the text grows and the countdown is hidden.
      const first = (await typed.textContent()) ?? '';
      await advanceClock(page, 300, TYPING_MS);
      const later = (await typed.textContent()) ?? '';
      expect(later.length).toBeGreaterThan(first.length);
      expect(facts[0]!.factText.startsWith(later)).toBe(true);
      expect(await current.locator('[data-countdown]').count()).toBe(0);

      // Typed to the end at 30 ms a character, then a countdown from 5.
      const text = facts[0]!.factText;
      const typingMs = await advanceClockUntil(
        page,
        () => document.querySelector('[data-countdown]') !== null,
        { stepMs: TYPING_MS, limitMs: text.length * TYPING_MS },
      );
      expect(typingMs).toBe((text.length - later.length) * TYPING_MS);
      expect(await typed.textContent()).toBe(text);
      expect(await current.locator('[data-countdown]').getAttribute('data-countdown')).toBe('5');

      // The source tooltip.
      await current.getByRole('button', { name: 'Source' }).hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      expect(await tooltip.textContent()).toBe(facts[0]!.source);
      await page.mouse.move(0, 0);
      await tooltip.waitFor({ state: 'hidden' });

      // Still on the first fact with 0.1 s left, on the second once the 5 s are up.
      await advanceClock(page, 4900);
      expect(await current.getAttribute('aria-label')).toBe(`Fact 1 of ${facts.length}`);
      expect(await current.locator('[data-countdown]').getAttribute('data-countdown')).toBe('1');
      await advanceClock(page, 100);
      expect(await current.getAttribute('aria-label')).toBe(`Fact 2 of ${facts.length}`);
      // The next slide starts typing from scratch.
      expect(((await typed.textContent()) ?? '').length).toBeLessThan(facts[1]!.factText.length);
    });
  });

  it('previous/next: a typed slide shows at once and its countdown waits 1.5 s; pause stops it', async () => {
    const facts = await publicFacts(server.url);
    await withPage(async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.clock.install();
      await openApp(page, server.url);
      const carousel = page.getByRole('group', { name: 'AI facts', exact: true });
      await carousel.scrollIntoViewIfNeeded();
      const current = carousel.locator('[data-current]');
      // Reduced motion: the whole text at once, countdown running.
      expect(await current.locator('[data-typed-text]').textContent()).toBe(facts[0]!.factText);
      await current.locator('[data-countdown]').waitFor();
      // From here on the test moves time (see the test above).
      await pauseClock(page);

      await page.getByRole('button', { name: 'Next fact' }).click();
      expect(await current.getAttribute('aria-label')).toBe(`Fact 2 of ${facts.length}`);
      await page.getByRole('button', { name: 'Previous fact' }).click();
      expect(await current.getAttribute('aria-label')).toBe(`Fact 1 of ${facts.length}`);
      expect(await current.locator('[data-typed-text]').textContent()).toBe(facts[0]!.factText);
      const ring = current.locator('[data-countdown]');
      expect(await ring.getAttribute('data-countdown')).toBe('5');
      // Held at 5 through the 1.5 s pause after manual navigation (without it the ring
      // would show 4 at 1 s); then it counts: 4 once a further second has run.
      await advanceClock(page, 1400);
      expect(await ring.getAttribute('data-countdown')).toBe('5');
      await advanceClock(page, 1000);
      expect(await ring.getAttribute('data-countdown')).toBe('5');
      await advanceClock(page, 100);
      expect(await ring.getAttribute('data-countdown')).toBe('4');

      // Pause: the countdown stands still until play.
      await page.getByRole('button', { name: 'Pause facts' }).click();
      const pausedAt = await ring.getAttribute('data-countdown');
      await advanceClock(page, 6000);
      expect(await ring.getAttribute('data-countdown')).toBe(pausedAt);
      expect(await current.getAttribute('aria-label')).toBe(`Fact 1 of ${facts.length}`);
      await page.getByRole('button', { name: 'Play facts' }).click();
      await advanceClock(page, 1000);
      expect(await ring.getAttribute('data-countdown')).not.toBe(pausedAt);
    });
  });

  it('plays the typing sound only after a user gesture, while typing, visible and not muted', async () => {
    await withPage(async (page) => {
      // Counts the key sounds the page asks the Web Audio API for. Navigations started by
      // Playwright count as a user gesture in Chromium, so the page's view of user activation
      // is replaced by one that only a real click or key press turns on.
      await page.addInitScript(() => {
        const activation = { hasBeenActive: false, isActive: false };
        const activate = () => {
          activation.hasBeenActive = true;
        };
        window.addEventListener('pointerdown', activate, true);
        window.addEventListener('keydown', activate, true);
        Object.defineProperty(Navigator.prototype, 'userActivation', { get: () => activation });
        const w = window as unknown as { keySounds: number; audioContexts: number };
        w.keySounds = 0;
        w.audioContexts = 0;
        const Original = window.AudioContext;
        window.AudioContext = class extends Original {
          constructor(options?: AudioContextOptions) {
            super(options);
            w.audioContexts++;
          }
          override createBufferSource() {
            w.keySounds++;
            return super.createBufferSource();
          }
        };
      });
      const counts = () =>
        page.evaluate(() => {
          const w = window as unknown as { keySounds: number; audioContexts: number };
          return { sounds: w.keySounds, contexts: w.audioContexts };
        });
      const muteButton = page.getByRole('button', { name: 'Mute typing sound' });
      const nextFact = page.getByRole('button', { name: 'Next fact' });
      // The carousel in view, typing from its first character (the facts are held back
      // until the section is on screen, so the first slide cannot finish typing unseen).
      const releaseFacts = await holdFacts(page);
      await openApp(page, server.url);
      await page.locator('#ai-facts').scrollIntoViewIfNeeded();
      releaseFacts();
      await page.getByRole('group', { name: 'AI facts', exact: true }).waitFor();
      await page.unroute('**/api/trpc/facts.listPublic**');
      await carouselAudible(page, true);
      await typingSteps(page, 5);
      // No gesture yet: no audio at all, though five characters were typed in full view.
      expect(await counts()).toEqual({ sounds: 0, contexts: 0 });

      // A click somewhere neutral is the gesture; the next slide types with sound.
      await nextFact.click();
      await page.waitForFunction(() => (window as unknown as { keySounds: number }).keySounds > 5);
      expect((await counts()).contexts).toBe(1);

      // Muted: silence while the next slide types.
      await muteButton.click();
      expect(await muteButton.getAttribute('aria-pressed')).toBe('true');
      const mutedFrom = (await counts()).sounds;
      await nextFact.click();
      await typingSteps(page, 5);
      expect((await counts()).sounds).toBe(mutedFrom);

      // The mute survives a reload: still on, and typing after a gesture stays silent.
      await reloadCarousel();
      expect(await muteButton.getAttribute('aria-pressed')).toBe('true');
      await nextFact.click();
      await typingSteps(page, 5);
      expect(await counts()).toEqual({ sounds: 0, contexts: 0 });

      // Un-muted: sound again.
      await muteButton.click();
      expect(await muteButton.getAttribute('aria-pressed')).toBe('false');
      await nextFact.click();
      await page.waitForFunction(() => (window as unknown as { keySounds: number }).keySounds > 0);

      // Less than 30% visible: silence while it keeps typing (wholly off screen it would
      // wait). One typing step after the page saw the carousel leave lets the render that
      // applies it (and earlier effects) land.
      await nextFact.click();
      await page.evaluate(() => {
        const region = document.querySelector('[aria-roledescription="carousel"]')!;
        const box = region.getBoundingClientRect();
        // Its last 15 % stays at the top of the window.
        window.scrollBy({ top: box.top + box.height * 0.85, behavior: 'instant' });
      });
      await carouselAudible(page, false);
      await typingSteps(page, 1);
      const hiddenFrom = (await counts()).sounds;
      await typingSteps(page, 5);
      expect((await counts()).sounds).toBe(hiddenFrom);

      // Un-muting is remembered too.
      await reloadCarousel();
      expect(await muteButton.getAttribute('aria-pressed')).toBe('false');

      async function reloadCarousel() {
        await page.reload();
        await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
        const carousel = page.getByRole('group', { name: 'AI facts', exact: true });
        await carousel.waitFor();
        await carousel.scrollIntoViewIfNeeded();
        await carouselAudible(page, true);
      }
    });
  });

  it('contact form: field errors from the shared schema, then a stored message, toast and confetti', async () => {
    await withPage(async (page) => {
      await openApp(page, server.url);
      await waitForContactForm(page);
      const form = page.getByRole('form', { name: 'Contact form' });
      await form.getByRole('button', { name: 'Send Message' }).click();
      const expectError = async (label: string, message: string, role?: 'textbox') => {
        const field = role
          ? form.getByRole(role, { name: label, exact: true })
          : form.getByLabel(label, { exact: false }).first();
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
        const texts = await Promise.all(
          describedBy
            .split(' ')
            .filter(Boolean)
            .map((id) => page.locator(`[id="${id}"]`).textContent()),
        );
        expect(texts).toContain(message);
      };
      await expectError('Full Name', 'Name must be between 2 and 100 characters');
      await expectError('Email Address', 'Please enter a valid email address');
      await expectError('Message', 'Message must be between 10 and 5000 characters', 'textbox');
      await expectError('Subject', 'Please select a subject');
      expect(await form.getByText('You must agree to the privacy policy').isVisible()).toBe(true);
      expect(await contactCount()).toBe(0);

      // The placeholder and the four subjects, in a native select (the phone's own picker).
      const subject = form.getByRole('combobox', { name: 'Subject' });
      expect(await subject.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe(
        'Select a subject',
      );
      await form.getByLabel('Full Name').fill('Ada Example');
      await form.getByLabel('Email Address').fill('ada@example.com');
      await form.getByLabel('Company').fill('Example Corp');
      expect(
        await subject.evaluate((s: HTMLSelectElement) =>
          [...s.options].map((o) => [o.text, o.disabled]),
        ),
      ).toEqual([
        ['Select a subject', true],
        ['AI Consulting Services', false],
        ['Custom AI Solution', false],
        ['Partnership Opportunity', false],
        ['Other', false],
      ]);
      await subject.selectOption({ label: 'Custom AI Solution' });
      const message = form.getByRole('textbox', { name: 'Message', exact: true });
      expect(await message.getAttribute('rows')).toBe('4');
      await message.fill('We would like to discuss a retrieval assistant for our manuals.');
      await form.getByText('I agree to the Privacy Policy and Terms of Service.').click();
      // Errors are gone once the fields are corrected.
      expect(await form.getByText('Please select a subject').count()).toBe(0);

      // Hold the request to see the in-flight state.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/trpc/contact.send**', async (route) => {
        await held;
        await route.continue();
      });
      // Sent from the keyboard: the browser drops the focus from the button it disables.
      await form.getByRole('button', { name: 'Send Message' }).press('Enter');
      const sending = form.getByRole('button', { name: 'Sending...' });
      await sending.waitFor();
      expect(await sending.isDisabled()).toBe(true);
      release();

      await page.getByText('Message sent!').waitFor();
      expect(await page.getByText("We'll get back to you as soon as possible.").isVisible()).toBe(
        true,
      );
      expect(await page.locator('canvas[data-confetti]').count()).toBe(1);
      expect(
        await page.locator('canvas[data-confetti]').evaluate((c) => getComputedStyle(c).zIndex),
      ).toBe('100');
      // The form's card is drawn above the confetti while it flies: at the middle of each of
      // its fields, buttons and the confirmation, the topmost element once the canvas is made
      // to take the pointer is never the canvas (every one of them was, the confirmation
      // aside, before issue 67).
      const coveredByConfetti = () =>
        form.evaluate((element) => {
          const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-confetti]')!;
          canvas.style.pointerEvents = 'auto';
          const covered = [
            ...element.querySelectorAll('input, select, textarea, button, [role="status"]'),
          ]
            .filter((part) => {
              const { left, top, width, height } = part.getBoundingClientRect();
              if (width === 0 || height === 0) return false;
              return document.elementFromPoint(left + width / 2, top + height / 2) === canvas;
            })
            .map((part) => part.getAttribute('name') ?? part.textContent);
          canvas.style.pointerEvents = 'none';
          return covered;
        });
      expect(await coveredByConfetti()).toEqual([]);
      // Sent: the focus is on the confirmation, never dropped to the page (docs/product.md).
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(
        /^Thank you, your message has been sent/,
      );
      expect(await form.getByLabel('Full Name').inputValue()).toBe('');
      expect(await subject.inputValue()).toBe('');
      expect(storedContacts(server.dbPath)).toEqual([
        {
          name: 'Ada Example',
          email: 'ada@example.com',
          company: 'Example Corp',
          subject: 'custom',
          message: 'We would like to discuss a retrieval assistant for our manuals.',
          privacy: 1,
        },
      ]);
      await page.unroute('**/api/trpc/contact.send**');
      // Once the particles have settled the card is in the page's order again: under the
      // sticky header when scrolled beneath it.
      await page.locator('canvas[data-confetti]').waitFor({ state: 'detached' });
      expect(
        await form.evaluate(
          (element) => getComputedStyle(element.closest('[data-reveal]')!).zIndex,
        ),
      ).toBe('auto');

      // A failed send: the destructive toast with the fallback text.
      await fillContactForm(page, {
        name: 'Ada Example',
        email: 'ada@example.com',
        subject: 'Other',
        message: 'Second message that will not arrive.',
      });
      await page.route('**/api/trpc/contact.send**', (route) => route.abort());
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Something went wrong').waitFor();
      expect(await page.getByText('Please try again later.').isVisible()).toBe(true);
      expect(await form.getByLabel('Full Name').inputValue()).toBe('Ada Example');
      expect(storedContacts(server.dbPath)).toHaveLength(1);
    });

    function contactCount() {
      return withDatabase(
        server.dbPath,
        (db) => (db.prepare('select count(*) as n from contacts').get() as { n: number }).n,
      );
    }
  });

  it('the honeypot is hidden from people and keeps bots out of the database', async () => {
    await withPage(async (page) => {
      await openApp(page, server.url);
      await waitForContactForm(page);
      const trap = page.locator('#contact-form input[name="website"]');
      expect(await trap.getAttribute('tabindex')).toBe('-1');
      expect(await trap.getAttribute('autocomplete')).toBe('off');
      expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
      const box = await trap.boundingBox();
      expect(box === null || box.x + box.width <= 0).toBe(true);
      const before = storedContacts(server.dbPath).length;
      const form = page.getByRole('form', { name: 'Contact form' });
      await fillContactForm(page, {
        name: 'Robot',
        email: 'robot@example.com',
        subject: 'Other',
        message: 'Buy cheap things now, best prices.',
      });
      await trap.evaluate((input: HTMLInputElement) => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, 'https://spam.example');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Message sent!').waitFor();
      expect(storedContacts(server.dbPath)).toHaveLength(before);
    });
  });

  it('a keyboard alone reaches and sends the contact form', async () => {
    await withPage(async (page) => {
      await openApp(page, server.url);
      await waitForContactForm(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('body').focus();
      // Tab from the top of the page until the first field of the form has focus.
      let reached = false;
      for (let i = 0; i < 120 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(
          () =>
            (document.activeElement as HTMLInputElement | null)?.getAttribute('autocomplete') ===
            'name',
        );
      }
      expect(reached).toBe(true);
      await page.keyboard.type('Grace Keyboard');
      await page.keyboard.press('Tab');
      await page.keyboard.type('grace@example.com');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Keys Inc');
      await page.keyboard.press('Tab');
      // The subject select: the arrow key picks the first subject without opening the list.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Sent without touching the mouse at all.');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      // The consent line's links to the terms of service and the privacy policy, then the button.
      for (const href of ['/terms', '/privacy']) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(href);
      }
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send Message');
      await page.keyboard.press('Enter');
      await page.getByText('Message sent!').waitFor();
      expect(storedContacts(server.dbPath).at(-1)).toMatchObject({
        name: 'Grace Keyboard',
        email: 'grace@example.com',
        company: 'Keys Inc',
        subject: 'consulting',
      });
      // F8 moves focus to the toast.
      await page.keyboard.press('F8');
      expect(
        await page.evaluate(() => document.activeElement?.closest('[data-toast-region]') !== null),
      ).toBe(true);
    });
  });

  it('newsletter signup: invalid address message, then a stored subscriber, a toast and "Check your inbox"', async () => {
    await withPage(async (page) => {
      await openApp(page, server.url);
      const form = page.getByRole('form', { name: 'Newsletter signup' });
      await form.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const b = document.querySelector<HTMLButtonElement>(
          '#newsletter-signup button[type="submit"]',
        );
        return b !== null && !b.disabled;
      });
      await form.getByLabel('Email address').fill('not-an-address');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      expect(await form.getByText('Please enter a valid email address').isVisible()).toBe(true);
      expect(storedSubscribers(server.dbPath)).toEqual([]);
      await form.getByLabel('Email address').fill('reader@example.com');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Almost there!').waitFor();
      expect(storedSubscribers(server.dbPath)).toEqual(['reader@example.com']);
      // In the form's place, and kept after the toast has gone: where the link went, with the
      // focus (the Subscribe button it was on is gone).
      const inbox = page.locator('#newsletter-signup [role="status"]');
      expect(await inbox.innerText()).toContain(
        'We sent a confirmation link to reader@example.com.',
      );
      await page.waitForFunction(() =>
        document.activeElement?.matches('#newsletter-signup [role="status"]'),
      );
      expect(await form.count()).toBe(0);
      // A toast can be swiped away to the right.
      const toastBox = await page.locator('[data-toast-region] [role="alertdialog"]').boundingBox();
      await page.mouse.move(toastBox!.x + 40, toastBox!.y + toastBox!.height / 2);
      await page.mouse.down();
      await page.mouse.move(toastBox!.x + 140, toastBox!.y + toastBox!.height / 2, { steps: 5 });
      await page.mouse.up();
      await page.getByText('Almost there!').waitFor({ state: 'detached' });
      expect(await inbox.isVisible()).toBe(true);

      // Another address: back to the form, its field empty and focused.
      await page.getByRole('button', { name: 'Use another address' }).click();
      const field = form.getByLabel('Email address');
      await page.waitForFunction(() =>
        document.activeElement?.matches('#newsletter-signup input[name="email"]'),
      );
      expect(await field.inputValue()).toBe('');
      await page.route('**/api/trpc/newsletter.subscribe**', (route) => route.abort());
      await field.fill('second@example.com');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Subscription failed').waitFor();
    });
  });

  it('theme: system, light or dark, applied before the first paint and kept after a reload', async () => {
    await withPage(async (page) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await openApp(page, server.url);
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(
        await page.getByRole('button', { name: 'System theme' }).getAttribute('aria-pressed'),
      ).toBe('true');
      expect(await isDark()).toBe(false);
      // Following the system: the device switching to dark applies at once.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await page.emulateMedia({ colorScheme: 'light' });

      await page.getByRole('button', { name: 'Dark theme' }).click();
      expect(await isDark()).toBe(true);
      expect(
        await page.evaluate(() => [
          localStorage.getItem('acme-ai-theme'),
          localStorage.getItem('ui-theme'),
        ]),
      ).toEqual(['dark', 'dark']);

      // With the app's scripts blocked, the page still comes up dark: no flash of light.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload();
      expect(await isDark()).toBe(true);
      await page.unroute('**/assets/*.js');
      await openApp(page, server.url);
      expect(await isDark()).toBe(true);
      expect(
        await page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed'),
      ).toBe('true');

      await page.getByRole('button', { name: 'Light theme' }).click();
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      expect(await isDark()).toBe(false);
    });
  });

  it('unknown paths show the 404 card with the header; /admin pages have no site header', async () => {
    await withPage(async (page) => {
      await openApp(page, `${server.url}/no-such-page`);
      // The page is the app's, the status the real one.
      expect((await apiRequest(page, `${server.url}/no-such-page`)).status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        '404 Page Not Found',
      );
      expect(
        await page.getByText('Did you forget to add the page to the router?').isVisible(),
      ).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
      // The prerendered home page is not on this path.
      expect(await page.getByText('Unlocking Your').count()).toBe(0);
      expect(
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Services' })
          .getAttribute('href'),
      ).toBe('/#services');

      await openApp(page, `${server.url}/admin/login`);
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.getByText('Transforming businesses through cutting-edge AI').count()).toBe(
        0,
      );
      expect(await page.getByText('Unlocking Your').count()).toBe(0);

      // From the footer into the admin area without a page load, and the header goes away.
      await openApp(page, server.url);
      await page.getByRole('link', { name: 'Admin Area' }).click();
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    });
  });

  it('robots.txt, sitemap.xml and the manifest are real files', async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/Disallow: \/admin/);
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    expect(await sitemap.text()).toContain('<loc>https://www.example.com/</loc>');
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(((await manifest.json()) as { name: string }).name).toBe('Acme AI Engineering');
    for (const file of ['/favicon.svg', '/icon-192.png', '/icon-512.png', '/og-image.png']) {
      expect((await fetch(`${server.url}${file}`)).status).toBe(200);
    }
  });
});
