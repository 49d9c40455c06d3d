import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './e2e/support/browser';
const exe = process.env.EXE!;
const extra = (process.env.EXTRA ?? '').split(' ').filter(Boolean);
const t0 = performance.now();
const b = await chromium.launch({ executablePath: exe, args: [...CHROMIUM_FLAGS, ...extra], headless: true });
for (let i = 0; i < 10; i++) {
  const ctx = await b.newContext({ viewport: { width: 1280, height: 800 } });
  const p = await ctx.newPage();
  await p.goto('data:text/html,<h1>hello</h1><p>' + 'x'.repeat(1000) + '</p>');
  await p.waitForTimeout(300);
  await ctx.close();
}
console.log('ms', Math.round(performance.now() - t0));
await b.close();
