// A stand-in for the Resend HTTP API: the real SDK posts here when RESEND_BASE_URL points at it.
// Tests read what was "sent" from GET /__mails (optionally ?to=address).
import { randomUUID } from "node:crypto";
import http from "node:http";

export function startFakeResend(port = 0) {
  const mails = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status, body) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "POST" && url.pathname === "/emails") {
      if (!req.headers.authorization?.startsWith("Bearer ")) {
        return send(401, { name: "missing_api_key", message: "Missing API key" });
      }
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const mail = { id: randomUUID(), ...JSON.parse(raw) };
      mails.push(mail);
      return send(200, { id: mail.id });
    }
    if (req.method === "GET" && url.pathname === "/__mails") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const matching = to
        ? mails.filter((mail) => [mail.to].flat().some((address) => address.toLowerCase() === to))
        : mails;
      return send(200, matching);
    }
    send(404, { message: "Not found" });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      resolve({ server, mails, url: `http://127.0.0.1:${server.address().port}` });
    });
  });
}
