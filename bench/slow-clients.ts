/**
 * Slow clients: 150 connections from one address each send the start of a request to an unauthenticated
 * form and then one byte every 5 s, against the server with its production settings (app.ts `connectionPolicy`).
 * Prints how many were let in, how many were refused at once (the per-address cap) and how many are still open after
 * 35 s and 60 s. On the PostgreSQL named by DATABASE_URL, else the embedded PGlite.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { connectionPolicy } from '../sync-server/app.ts';
import { startBenchApp } from './support/bench-app.ts';

const connections = 150;
const dripMs = 5_000;

const server = await startBenchApp();
const { app } = server;
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

const sockets: Socket[] = [];
const closedAfter: number[] = [];
const started = Date.now();
for (let index = 0; index < connections; index += 1) {
  const socket = connectTcp(port, '127.0.0.1', () => {
    socket.write('POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
    socket.write('Content-Length: 10000\r\n\r\n{');
  });
  const drip = setInterval(() => socket.writable && socket.write(' '), dripMs);
  socket.on('error', () => {});
  socket.on('close', () => {
    clearInterval(drip);
    closedAfter.push(Date.now() - started);
  });
  sockets.push(socket);
}

const openAt = async (seconds: number) => {
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000 - (Date.now() - started)));
  return sockets.filter((socket) => !socket.destroyed).length;
};
const refusedAtOnce =
  closedAfter.length === 0 ? await openAt(1).then(() => closedAfter.filter((ms) => ms < 1000).length) : 0;
const after35 = await openAt(35);
const after60 = await openAt(60);
console.log(
  `${connections} connections dripping a byte every ${dripMs / 1000} s (request time limit ${connectionPolicy.requestTimeoutMs / 1000} s, ` +
    `${connectionPolicy.connectionsPerAddress} per address):`,
);
const cutOff = closedAfter.filter((ms) => ms >= 1000).sort((a, b) => a - b);
const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
console.log(`  refused at once: ${refusedAtOnce}; still open after 35 s: ${after35}; after 60 s: ${after60}`);
console.log(`  the others were closed after ${seconds(cutOff[0])} to ${seconds(cutOff.at(-1))} s`);
for (const socket of sockets) socket.destroy();
await server.close();
