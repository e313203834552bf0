import { createRequire } from 'node:module';
import type { Server } from 'node:net';
import { freePort } from './free-port.ts';

const require = createRequire(import.meta.url);
type WebPushTestingServerClass = new (model: unknown, port: number) => { startServer(): void; _server: Server };
const WebPushTestingServer = require('web-push-testing/src/server.js') as WebPushTestingServerClass;
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };

export type TestPushSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
};

/**
 * A local Web Push service (web-push-testing, in this process): it makes subscriptions as a browser's push service
 * does, checks each push's VAPID signature against the subscription's key, decrypts the payload (RFC 8291) and
 * keeps it, and answers 410 for a subscription it was told to expire.
 */
export async function startTestPushService() {
  const port = await freePort();
  const server = new WebPushTestingServer(new PushApiModel(), port);
  const log = console.log;
  console.log = () => {}; // It announces itself on stdout.
  try {
    server.startServer();
    await new Promise<void>((resolve) => server._server.once('listening', resolve));
  } finally {
    console.log = log;
  }
  const origin = `http://localhost:${port}`;
  const call = async (path: string, body: object = {}) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${await response.text()}`);
    return response.text();
  };
  return {
    origin,
    /** What `pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })` answers in a browser. */
    async subscribe(applicationServerKey: string): Promise<TestPushSubscription> {
      const answer = JSON.parse(await call('/subscribe', { userVisibleOnly: 'true', applicationServerKey }));
      return answer.data as TestPushSubscription;
    },
    /** The decrypted payloads pushed to a subscription, oldest first. */
    async received(subscription: TestPushSubscription): Promise<unknown[]> {
      const answer = JSON.parse(await call('/get-notifications', { clientHash: subscription.clientHash }));
      return (answer.data.messages as string[]).map((message) => JSON.parse(message));
    },
    /** The person unsubscribed in the browser: pushes to it now get 410. */
    async expire(subscription: TestPushSubscription): Promise<void> {
      await call(`/expire-subscription/${subscription.clientHash}`);
    },
    close: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}
