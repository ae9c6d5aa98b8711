// React Native / Expo: the SDK needs only web globals. Hermes has fetch, Request, Response,
// Headers, AbortController and (from 0.74) TextEncoder; the rest comes from the usual polyfills,
// imported once before the SDK (docs/deploying.md lists them):
//
//   import 'react-native-get-random-values'; // crypto.getRandomValues (idempotency keys)
//   import 'react-native-url-polyfill/auto'; // a complete URL and URLSearchParams
//   import 'fast-text-encoding';             // TextDecoder, where Hermes lacks it
//
// A key in an app can be read by anyone who has the app: call your own backend in production, or
// use a key restricted to what the app may do.
import type { Client } from 'gateway-sdk';

/** Sends a one-time code and returns the message's id and status: what a sign-in screen shows. */
export async function sendCode(client: Client, to: string, code: string): Promise<string> {
  const message = await client.sms.messages.create({ to, message: `Your code is ${code}` });
  const again = await client.sms.messages.retrieve(message.id);
  return `${again.id} ${again.status}`;
}
