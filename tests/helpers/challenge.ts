import type { FastifyInstance } from 'fastify';

// Enquiries through POST /api/contact carry the answer to a math question from
// GET /api/contact/challenge; this gets one and answers it, as the contact form does.

interface Challenge {
  challenge: string;
  a: number;
  b: number;
}

/** A fresh challenge from an app (through inject) or a running server (its base URL). */
export async function getChallenge(source: FastifyInstance | string): Promise<Challenge> {
  if (typeof source === 'string')
    return (await (await fetch(`${source}/api/contact/challenge`)).json()) as Challenge;
  const res = await source.inject({ method: 'GET', url: '/api/contact/challenge' });
  if (res.statusCode !== 200)
    throw new Error(`GET /api/contact/challenge answered ${res.statusCode}: ${res.body}`);
  return res.json() as Challenge;
}

/** body with a fresh challenge and its right answer. */
export async function answered<T extends object>(
  source: FastifyInstance | string,
  body: T,
): Promise<T & { challenge: string; answer: number }> {
  const { challenge, a, b } = await getChallenge(source);
  return { ...body, challenge, answer: a + b };
}
