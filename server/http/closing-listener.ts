import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export type ClosingListener = {
  /**
   * As the stop begins: every reply not yet started says `Connection: close`, and Node closes its
   * connection after it. Idle connections stay open meanwhile: one closed just as its client sends on
   * it would fail that request, while a reply saying close never does.
   */
  stopKeepingAlive: () => void;
  /**
   * Takes no more connections, closes those with nothing under way, now and whenever one falls idle
   * (after a reply that had said keep-alive before the stop), and resolves once all are closed.
   */
  close: () => Promise<void>;
};

/**
 * A listener that lets its connections go when the process stops. Closing a listener only refuses new
 * connections: a client that keeps sending on a kept-alive one, or one that connected and sent
 * nothing, would hold the process until it is killed.
 */
export function closingListener(server: Server): ClosingListener {
  let stopping = false;
  let closing = false;
  const connections = new Set<Socket>();
  const replies = new Set<ServerResponse>();

  const closeIdle = () => {
    // Node's idle ones are those between requests; one that has not sent a byte yet is not among them.
    server.closeIdleConnections();
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  };

  server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  // Before the shop's own listener, so the header is there before any reply is written.
  server.prependListener("request", (_request, response) => {
    if (stopping) response.setHeader("Connection", "close");
    replies.add(response);
    response.once("close", () => {
      replies.delete(response);
      // Once Node has let go of the reply, its connection counts as idle.
      if (closing) setImmediate(closeIdle);
    });
  });

  return {
    stopKeepingAlive: () => {
      stopping = true;
      for (const response of replies) if (!response.headersSent) response.setHeader("Connection", "close");
    },
    close: () => {
      closing = true;
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      closeIdle();
      return closed;
    },
  };
}
