// A stand-in for a listing site's photo server, on this machine. The app fetches from it only when a
// test allows private addresses (PHOTO_FETCH_ALLOW_PRIVATE=1, or the fetcher's options in a test).
//   /photo.jpg?w=1600  a real JPEG (w x w*5/8), made once per width; &noise=1 gives it a listing
//                      photo's grain and weight (some 250 KB at 1600 px)
//   /big.jpg           an "image" that streams past the 10 MB cap (no Content-Length)
//   /declared-big.jpg  an image whose Content-Length says 20 MB
//   /page.jpg          an HTML page (a listing site's "not found" page, say)
//   /fake.jpg          says image/jpeg, is an SVG
//   /slow.jpg?ms=3000  answers after a pause
//   /redirect?to=URL   302 to URL;  /loop?n=N  N redirects to itself
//   /gone.jpg          404 (a listing taken down)
//   /flaky.jpg         503 the first time, the photo afterwards
// GET /__requests lists the paths asked for, so a test can tell that a refused address was never asked.
import http from "node:http";
import sharp from "sharp";

export async function startImageServer(port = 0, host = "127.0.0.1") {
  const requests = [];
  const photos = new Map();
  let flaky = 0;
  const photo = async (width, noise = false) => {
    const key = `${width}${noise ? "n" : ""}`;
    if (!photos.has(key)) {
      const height = Math.round((width * 5) / 8);
      const grain = noise ? { noise: { type: "gaussian", mean: 128, sigma: 30 } } : {};
      photos.set(
        key,
        await sharp({
          create: { width, height, channels: 3, background: { r: 40, g: 110, b: 160 }, ...grain },
        })
          .composite([
            {
              input: Buffer.from(
                `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f6bd60"/></svg>`,
              ),
            },
          ])
          .blur(noise ? 1 : false)
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
    }
    return photos.get(key);
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://images");
    if (url.pathname === "/__requests") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify(requests));
    }
    requests.push(url.pathname);
    switch (url.pathname) {
      case "/photo.jpg":
      case "/other.jpg": {
        const width = Math.min(4000, Number(url.searchParams.get("w")) || 1600);
        const body = await photo(width, url.searchParams.has("noise"));
        res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": body.length });
        return res.end(body);
      }
      case "/big.jpg": {
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        const chunk = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const more = () => {
          while (sent < 12 && !res.destroyed) {
            sent++;
            if (!res.write(chunk)) return res.once("drain", more);
          }
          res.end();
        };
        return more();
      }
      case "/declared-big.jpg":
        res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": 20 * 1024 * 1024 });
        return res.end();
      case "/page.jpg":
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("<h1>Not a photo</h1>");
      case "/fake.jpg":
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        return res.end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
      case "/slow.jpg": {
        const timer = setTimeout(
          async () => {
            const body = await photo(400);
            res.writeHead(200, { "Content-Type": "image/jpeg" });
            res.end(body);
          },
          Number(url.searchParams.get("ms")) || 3000,
        );
        return res.once("close", () => clearTimeout(timer));
      }
      case "/flaky.jpg": {
        if (flaky++ === 0) {
          res.writeHead(503, { "Content-Type": "text/plain" });
          return res.end("Try later");
        }
        const body = await photo(800);
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        return res.end(body);
      }
      case "/redirect":
        res.writeHead(302, { Location: url.searchParams.get("to") ?? "/photo.jpg" });
        return res.end();
      case "/loop": {
        const n = Number(url.searchParams.get("n")) || 0;
        res.writeHead(302, { Location: n > 0 ? `/loop?n=${n - 1}` : "/photo.jpg" });
        return res.end();
      }
      default:
        res.writeHead(404, { "Content-Type": "text/plain" });
        return res.end("Not found");
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    server,
    port: address.port,
    url: `http://${host}:${address.port}`,
    requests: () => [...requests],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
