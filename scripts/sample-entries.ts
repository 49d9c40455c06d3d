/**
 * Published proof for the measuring scripts (`npm run audit`, `npm run bytes`, `npm run vnu`):
 * on a running server with an administrator, three case studies (the first with a cover image,
 * each with three results and a body using every construction the editor allows), an insight
 * without a cover, two testimonials and a client logo with their consent, made and published
 * through the same REST paths the admin's screens call (docs/api.md, "Entries",
 * "Testimonials and client logos"). The home page then shows all three of its proof sections.
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
  return (await response.json()) as {
    entry: { id: number; kind: string; slug: string };
    testimonial: { id: number };
    clientLogo: { id: number };
  };
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

/** A PNG logo: a coloured rounded mark, as a client's logo would be. */
function logoImage(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120"><rect width="320" height="120" rx="24" fill="#0f766e"/><circle cx="60" cy="60" r="36" fill="#fff"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads an image as the admin's screens do (multipart, `file` and `alt`). */
async function upload(
  baseUrl: string,
  cookie: string,
  path: string,
  file: { bytes: Buffer; name: string; alt: string },
): Promise<void> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(file.bytes)], file.name));
  form.append('alt', file.alt);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl },
    body: form,
  });
  if (response.status !== 200) {
    throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  }
}

const CONSENT = { at: '2026-05-03', how: 'e-mail of 3 May, kept in Drive/Consents' };

/** Makes and publishes the sample proof; answers the entries' pages' paths. */
export async function publishSampleEntries(baseUrl: string): Promise<SamplePages> {
  const cookie = await signIn(baseUrl);
  const studies = [
    {
      slug: 'answers-in-minutes',
      title: 'Answers in minutes for a support team of twelve',
      client: 'Northwind',
      industry: 'Logistics',
    },
    {
      slug: 'invoices-read-by-themselves',
      title: 'Invoices read by themselves for a finance team',
      client: 'Harbor Freight Co',
      industry: 'Finance',
    },
    {
      slug: 'a-search-that-finds-the-contract',
      title: 'A search that finds the right contract clause',
      client: 'Lindqvist Legal',
      industry: 'Legal',
    },
  ];
  const made: { id: number; slug: string }[] = [];
  // The oldest first: the first one, with the cover, is published last and shown first.
  for (const study of [...studies].reverse()) {
    const { entry } = await call(baseUrl, cookie, '/api/entries', {
      kind: 'case_study',
      ...study,
      summary: 'A team cut its time to answer by two thirds with an assistant it can check.',
      results: [
        { label: 'Time to answer', value: '-63 %' },
        { label: 'Tickets closed a day', value: '+40 %' },
        { label: 'Customer rating', value: '4.8 / 5' },
      ],
      body: BODY,
    });
    if (study === studies[0]) {
      await upload(baseUrl, cookie, `/api/entries/${entry.id}/cover`, {
        bytes: await coverImage(),
        name: 'cover.jpg',
        alt: 'The support team at work',
      });
    }
    await call(baseUrl, cookie, `/api/entries/${entry.id}/publish`);
    made.push(entry);
  }
  const { entry: insight } = await call(baseUrl, cookie, '/api/entries', {
    kind: 'insight',
    slug: 'when-not-to-use-an-llm',
    title: 'When not to use a language model',
    summary: 'Three questions to ask before a project starts.',
    body: BODY,
  });
  await call(baseUrl, cookie, `/api/entries/${insight.id}/publish`);

  const quotes = [
    {
      quote: 'They found the one process where AI paid for itself, and built it in six weeks.',
      name: 'Ada Lindqvist',
      role: 'Head of Support',
      company: 'Northwind',
    },
    {
      quote: 'Clear about what a model can and cannot do. No hype, just results we could measure.',
      name: 'Omar Haddad',
      role: 'CFO',
      company: 'Harbor Freight Co',
    },
  ];
  for (const quote of quotes) {
    const { testimonial } = await call(baseUrl, cookie, '/api/testimonials', {
      ...quote,
      consent: CONSENT,
    });
    await call(baseUrl, cookie, `/api/testimonials/${testimonial.id}/publish`);
  }
  const { clientLogo: logo } = await call(baseUrl, cookie, '/api/client-logos', {
    name: 'Northwind',
    url: 'https://northwind.example',
    consent: CONSENT,
  });
  await upload(baseUrl, cookie, `/api/client-logos/${logo.id}/image`, {
    bytes: await logoImage(),
    name: 'northwind.png',
    alt: '',
  });
  await call(baseUrl, cookie, `/api/client-logos/${logo.id}/publish`);

  const cover = made.find((entry) => entry.slug === studies[0]?.slug);
  return {
    caseStudy: `/case-studies/${cover?.slug ?? ''}`,
    insight: `/insights/${insight.slug}`,
    lists: ['/case-studies', '/insights'],
  };
}
