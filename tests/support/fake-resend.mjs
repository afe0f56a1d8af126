// A stand-in for the Resend HTTP API: the real SDK posts here when RESEND_BASE_URL points at it.
// Tests read what was "sent" from GET /__mails (optionally ?to=address, and ?key=the API key of the
// app that sent it, so tests on apps that share this server never see each other's mails); POST /__fail with
// {"to": [addresses]} makes mails to those addresses fail (500) until the list is replaced. In
// process, tests may also fill `hanging` (mails to those addresses are never answered), and read
// `attempts` (every mail posted, failed or not) and `peak` (the most mails in flight at once).
import { randomUUID } from "node:crypto";
import http from "node:http";

export function startFakeResend(port = 0) {
  const mails = [];
  const failing = new Set();
  const hanging = new Set();
  const attempts = [];
  const state = { inFlight: 0, peak: 0 };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status, body) => {
      // No keep-alive: a test process busy with its database can let the server drop an idle
      // connection just as the client reuses it, and the mail would fail for no reason of its own.
      res.writeHead(status, { "Content-Type": "application/json", Connection: "close" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "POST" && url.pathname === "/emails") {
      if (!req.headers.authorization?.startsWith("Bearer ")) {
        return send(401, { name: "missing_api_key", message: "Missing API key" });
      }
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const mail = { id: randomUUID(), ...JSON.parse(raw) };
      // Which app sent it (each e2e app has a key of its own); not enumerable, so a mail still
      // compares equal to what the SDK posted, and /__mails filters on it.
      Object.defineProperty(mail, "key", { value: req.headers.authorization.slice("Bearer ".length) });
      attempts.push(mail);
      if ([mail.to].flat().some((address) => hanging.has(address.toLowerCase()))) return;
      state.inFlight += 1;
      state.peak = Math.max(state.peak, state.inFlight);
      // Answer a moment later, so mails sent at once are seen in flight together.
      await new Promise((resolve) => setTimeout(resolve, 5));
      state.inFlight -= 1;
      if ([mail.to].flat().some((address) => failing.has(address.toLowerCase()))) {
        return send(500, { name: "internal_server_error", message: "Fake failure" });
      }
      mails.push(mail);
      return send(200, { id: mail.id });
    }
    if (req.method === "POST" && url.pathname === "/__fail") {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      failing.clear();
      for (const address of JSON.parse(raw).to ?? []) failing.add(address.toLowerCase());
      return send(200, { failing: [...failing] });
    }
    if (req.method === "GET" && url.pathname === "/__mails") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const key = url.searchParams.get("key");
      const matching = mails.filter(
        (mail) =>
          (!to || [mail.to].flat().some((address) => address.toLowerCase() === to)) &&
          (!key || mail.key === key),
      );
      return send(200, matching);
    }
    send(404, { message: "Not found" });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      resolve({
        server,
        mails,
        failing,
        hanging,
        attempts,
        get peak() {
          return state.peak;
        },
        resetPeak: () => (state.peak = 0),
        url: `http://127.0.0.1:${server.address().port}`,
      });
    });
  });
}
