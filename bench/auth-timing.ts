/**
 * Login timing: a wrong password and an unknown email must cost the same (no account discovery by stopwatch), and a
 * correct login should stay quick. Prints p50/p95 of each over sequential requests on loopback.
 * Needs a production build (`npm run build`).
 */
import { startHearth } from '../e2e/support/hearth-server.ts';

const rounds = 40;
const password = 'timing-check-1';
const unique = Date.now().toString(36);
const hearth = await startHearth();

function post(path: string, body: unknown) {
  return fetch(`${hearth.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function signUp(name: string): Promise<string> {
  const email = `${name}.${unique}@example.com`;
  const response = await post('/api/auth/signup', { username: `${name}_${unique}`, email, password, confirmPassword: password });
  if (response.status !== 201) throw new Error(`Signup failed: ${response.status}`);
  return email;
}

/** Times one login per round; failures use a fresh account each round so the per-account limiter never answers. */
async function timeLogins(credentials: (round: number) => Promise<{ email: string; password: string }>, expected: number) {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const body = await credentials(round);
    const started = performance.now();
    const response = await post('/api/auth/login', body);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== expected) throw new Error(`Expected ${expected}, got ${response.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(1);
  return `p50 ${at(50)} ms, p95 ${at(95)} ms (${rounds} requests)`;
}

try {
  const email = await signUp('timing');
  console.log(`login, correct password: ${await timeLogins(async () => ({ email, password }), 200)}`);
  console.log(
    `login, unknown email:    ${await timeLogins(async (round) => ({ email: `nobody${round}.${unique}@example.com`, password }), 401)}`,
  );
  console.log(
    `login, wrong password:   ${await timeLogins(async (round) => ({ email: await signUp(`wrong${round}`), password: 'not-the-password' }), 401)}`,
  );
} finally {
  await hearth.stop();
}
