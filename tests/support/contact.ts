/** Contact messages for process tests: each one unique, each from its own address. */
import type { ContactInput } from '#shared/contact';

export function contactBody(tag: string, i: number): ContactInput {
  return {
    name: 'Fault Tester',
    email: 'fault@example.com',
    subject: 'other',
    message: `${tag} message number ${i}, long enough to be stored.`,
    privacy: true,
  };
}

/** POSTs one contact message; the server must run with TRUST_PROXY=1 for the address to count. */
export async function postContact(base: string, tag: string, i: number): Promise<number> {
  const res = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.${Math.floor(i / 250) % 250}.${i % 250}`,
    },
    body: JSON.stringify(contactBody(tag, i)),
  });
  await res.arrayBuffer();
  return res.status;
}
