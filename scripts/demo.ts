// `npm run demo`: starts the mock service on 127.0.0.1 and runs the quickstart against it.
// No account and no network needed.
import { startMockServer } from 'gateway-sdk/testing';
import { Client } from 'gateway-sdk';
import { main } from '../examples/quickstart.js';

const server = await startMockServer();
console.log(`mock service on ${server.url}\n`);
try {
  await main(new Client(server.clientOptions));
  console.log('\ndemo finished: every call above went over HTTP to the loopback mock.');
} finally {
  await server.close();
}
