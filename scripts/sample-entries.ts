/**
 * Published entries for the measuring scripts (`npm run audit`, `npm run vnu`): on a running
 * server with an administrator, a case study with a cover image, three results and a body using
 * every construction the editor allows, and an insight without a cover, made and published
 * through the same REST paths the admin's editor calls (docs/api.md, "Entries").
 */
import sharp from 'sharp';

/** The administrator such a server is started with (ADMIN_USERNAME, ADMIN_PASSWORD). */
export const SAMPLE_ADMIN = { username: 'sample', password: 'sample-only password, thrown away' };

/** The addresses of what `publishSampleEntries` made. */
export interface SamplePages {
  /** The case study's page, with its cover. */
  caseStudy: string;
  /** The insight's page, without a cover (its share image is drawn). */
  insight: string;
  /** The lists of both kinds. */
  lists: string[];
}

const BODY = [
  '## The problem',
  '',
  'Replies took **two days**, and the team read every ticket twice. Text with <b>markup</b> & "quotes" stays text.',
  '',
  '## What we built',
  '',
  '- A reply assistant that drafts from the help centre',
  '- A review step: *nothing* goes out unread',
  '- [A write-up of the method](https://example.com/method)',
  '',
  '```',
  'draft = assistant.reply(ticket, sources=help_centre)',
  '```',
  '',
  '### What changed',
  '',
  'Answers in minutes, and the rating went up.',
].join('\n');

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SAMPLE_ADMIN),
  });
  if (response.status !== 200) throw new Error(`sign-in: HTTP ${response.status}`);
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

async function call(baseUrl: string, cookie: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { entry: { id: number; kind: string; slug: string } };
}

/** A photo-like 1600×900 JPEG: a gradient with some texture, as a cover would be. */
function coverImage(): Promise<Buffer> {
  const width = 1600;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = ((x * 7919 + y * 104729) % 31) - 15;
      pixels[i] = Math.min(255, Math.max(0, (x / width) * 90 + 20 + noise));
      pixels[i + 1] = Math.min(255, Math.max(0, (y / height) * 120 + 60 + noise));
      pixels[i + 2] = Math.min(255, Math.max(0, 180 - (x / width) * 60 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function uploadCover(baseUrl: string, cookie: string, id: number): Promise<void> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(await coverImage())], 'cover.jpg'));
  form.append('alt', 'The support team at work');
  const response = await fetch(`${baseUrl}/api/entries/${id}/cover`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl },
    body: form,
  });
  if (response.status !== 200) {
    throw new Error(`cover upload: HTTP ${response.status} ${await response.text()}`);
  }
}

/** Makes and publishes the two entries; answers their pages' paths. */
export async function publishSampleEntries(baseUrl: string): Promise<SamplePages> {
  const cookie = await signIn(baseUrl);
  const { entry: study } = await call(baseUrl, cookie, '/api/entries', {
    kind: 'case_study',
    slug: 'answers-in-minutes',
    title: 'Answers in minutes for a support team of twelve',
    summary: 'A support team cut its time to answer by two thirds with a reply assistant.',
    client: 'Northwind',
    industry: 'Logistics',
    results: [
      { label: 'Time to answer', value: '-63 %' },
      { label: 'Tickets closed a day', value: '+40 %' },
      { label: 'Customer rating', value: '4.8 / 5' },
    ],
    body: BODY,
  });
  await uploadCover(baseUrl, cookie, study.id);
  await call(baseUrl, cookie, `/api/entries/${study.id}/publish`);
  const { entry: insight } = await call(baseUrl, cookie, '/api/entries', {
    kind: 'insight',
    slug: 'when-not-to-use-an-llm',
    title: 'When not to use a language model',
    summary: 'Three questions to ask before a project starts.',
    body: BODY,
  });
  await call(baseUrl, cookie, `/api/entries/${insight.id}/publish`);
  return {
    caseStudy: `/case-studies/${study.slug}`,
    insight: `/insights/${insight.slug}`,
    lists: ['/case-studies', '/insights'],
  };
}
