import { connect, createServer, type Socket } from 'node:net';

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

/**
 * A TCP proxy in front of a server (PostgreSQL), to play what the network and the server do to connections: a
 * database restarting or a pooler in front of it going away (`refuse`), a statement lost on its way (`swallowNext`).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  let refusing = false;
  let refusals = 0;
  let onRefusal = () => {};
  let swallow: { text: string; swallowed: () => void } | null = null;
  const server = createServer((client) => {
    client.on('error', () => {});
    if (refusing) {
      // Reset once the client has spoken, so that it reads the reset as an error, as it would a refused connection.
      client.once('data', () => {
        client.resetAndDestroy();
        refusals += 1;
        onRefusal();
      });
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on('error', () => {});
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    }
    client.on('data', (chunk: Buffer) => {
      if (swallow && chunk.includes(swallow.text)) {
        swallow.swallowed();
        swallow = null;
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    /** `url` (a PostgreSQL connection string) going through the proxy. */
    through(url: string): string {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.href;
    },
    /** Drops every connection through it and resets each new one (the client fails with ECONNRESET) until `accept`. */
    refuse(): void {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    /** Resolves once `count` connections have been refused since `refuse`. */
    refused(count: number): Promise<void> {
      return new Promise((resolve) => {
        onRefusal = () => {
          if (refusals >= count) resolve();
        };
        onRefusal();
      });
    },
    /**
     * Drops the next bytes a client sends that contain `text` (a statement), so the client waits for an answer that
     * never comes; resolves once it did.
     */
    swallowNext(text: string): Promise<void> {
      return new Promise((swallowed) => (swallow = { text, swallowed }));
    },
    /** Its ports towards the server: `client_port` in the server's `pg_stat_activity`. */
    serverSidePorts(): number[] {
      return [...open].filter((socket) => socket.remotePort === target.port).map((socket) => socket.localPort!);
    },
    accept(): void {
      refusing = false;
      refusals = 0;
    },
    async close(): Promise<void> {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
