/** The parts of `npm run bench` that set things up: seeded databases, servers, the bare Remix app. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { openDatabase, useDatabase } from "~/platform/db/client.server";
import { houses, sessions, surveys, users } from "~/platform/db/schema";
import { seedSeason } from "~/seed-season.server";
import { WINDOWS } from "~/features/season/lib/weekends";
import { hashToken, newToken, SESSION_TTL_MS } from "~/platform/models/session.server";

/** A small deterministic PRNG so every run seeds the same answers. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A decided season's sizes (issue 34 and 35): who pays and is on the trip, expenses, items. */
export type SeasonSize = { onTrip: number; expenses: number; items: number };
export const BENCH_SEASON: SeasonSize = { onTrip: 40, expenses: 300, items: 100 };

/**
 * Seeds `count` members with a survey each, `houseCount` houses (their photos at `photoUrl(i)`),
 * and a live session for the first two members (the second is the organiser in the bench); returns
 * their tokens. With `season`, the first `onTrip` members answer yes (the only ones) and the season
 * is decided on the first house: the first member receives the money, so their /money and /trip
 * are as full as they get.
 */
export async function seed(
  target: { url?: string; pgliteDir?: string },
  count: number,
  houseCount: number,
  photoUrl: (house: number) => string = () => "",
  season?: SeasonSize,
): Promise<{ member: string; organiser: string }> {
  const connection = openDatabase(target);
  await connection.migrate();
  const next = random(count);
  const pick = <T>(choices: readonly T[]) => choices[Math.floor(next() * choices.length)];
  const yesNo = () => pick(["yes", "no"] as const);
  const memberIds: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const members = await connection.db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `bench-${start + i}@example.com`,
          // Sessions are made directly below, so nobody needs a real password hash.
          passwordHash: "bench-no-login",
          name: `Bench ${start + i}`,
        })),
      )
      .returning({ id: users.id });
    memberIds.push(...members.map(({ id }) => id));
    await connection.db.insert(surveys).values(
      members.map(({ id }) => {
        const first = Math.floor(next() * WINDOWS.length);
        return {
          userId: id,
          name: `Bench ${id}`,
          attending: pick(["yes", "yes", "maybe", "no"] as const),
          availability: Object.fromEntries(
            WINDOWS.map((label, week) => [label, Math.abs(week - first) < 3 && next() < 0.7]),
          ),
          sgw_extension: pick(["no", "beginning", "end", "both"] as const),
          countries: { usa: next() < 0.8, canada: next() < 0.5, mexico: next() < 0.4 },
          previous_locale: yesNo(),
          sober: yesNo(),
          extra_guests: { boo: next() < 0.3, child: next() < 0.2 },
          share_room: yesNo(),
          shirt_size: { self: pick(["s", "m", "l", "xl"]), boo: "", child: "" },
          fate_change: pick(["aye", "nay"] as const),
          sgw24_attendee: yesNo(),
        };
      }),
    );
  }
  const houseIds: number[] = [];
  if (houseCount > 0) {
    const inserted = await connection.db
      .insert(houses)
      .values(
        Array.from({ length: houseCount }, (_, i) => ({
          url: `https://example.com/listing/${i}`,
          title: `Bench house ${i}`,
          city: pick(["Tahoe City", "Bend", "Asheville", "Ensenada"]),
          state: "",
          country: pick(["USA", "Canada", "Mexico"]),
          num_bedrooms: 2 + (i % 5),
          num_beds: 3 + (i % 6),
          num_baths: 1 + (i % 3) / 2,
          listing_img: photoUrl(i),
          who_suggested: "Bench 0",
          suggestedBy: memberIds[0],
        })),
      )
      .returning({ id: houses.id });
    houseIds.push(...inserted.map(({ id }) => id));
  }
  const [member, organiser] = [newToken(), newToken()];
  // The bench's organiser (listed in its ADMIN_EMAILS) has a confirmed address, as a real one would.
  await connection.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, memberIds[1]));
  await connection.db.insert(sessions).values(
    [member, organiser].map((token, i) => ({
      tokenHash: hashToken(token),
      userId: memberIds[i],
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })),
  );
  if (season) await seedBenchSeason(connection, memberIds, houseIds[0], season);
  await connection.close();
  return { member, organiser };
}

async function seedBenchSeason(
  connection: ReturnType<typeof openDatabase>,
  memberIds: number[],
  houseId: number | undefined,
  size: SeasonSize,
) {
  if (houseId === undefined) throw new Error("A season needs a house to choose");
  const onTrip = memberIds.slice(0, size.onTrip);
  await connection.db.update(surveys).set({ attending: "yes" }).where(inArray(surveys.userId, onTrip));
  await connection.db
    .update(surveys)
    .set({ attending: "maybe" })
    .where(and(eq(surveys.attending, "yes"), notInArray(surveys.userId, onTrip)));
  // The features write through the process's database.
  useDatabase(connection);
  try {
    await seedSeason({
      organiser: { id: memberIds[1], name: `Bench ${memberIds[1]}` },
      receiverId: memberIds[0],
      house: { id: houseId, priceMinor: 1_200_000, currency: "USD" },
      // A bed for everyone and their guests, with rooms to spare for those who won't share.
      rooms: Array.from({ length: 40 }, (_, i) => ({ name: `Room ${i + 1}`, beds: 3 })),
      expenses: size.expenses,
      items: size.items,
    });
  } finally {
    useDatabase(undefined);
  }
}

const BARE_ROOT = `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
export function Layout({ children }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`;

/** A photo as /houses asks for its first one: the preload's and the image's URLs and sizes. */
export type BarePhoto = { src: string; srcSet?: string; sizes?: string; files: Map<string, Buffer> };

/** The bare page's route, with `photo` the same photo /houses paints first, preloaded the same way. */
function bareIndex(photo?: BarePhoto) {
  if (!photo) {
    return `export const meta = () => [{ title: "Hello" }];\nexport default function Index() {\n  return <h1>Hello</h1>;\n}\n`;
  }
  const image = { src: photo.src, srcSet: photo.srcSet, sizes: photo.sizes };
  // As the app's firstPhotoPreload and HousePhoto write them (app/features/houses/components/house-photo.tsx).
  return `const photo = ${JSON.stringify(image)};
export const meta = () => [
  { title: "Hello" },
  { tagName: "link", rel: "preload", as: "image", href: photo.src,
    ...(photo.srcSet ? { imageSrcSet: photo.srcSet, imageSizes: photo.sizes } : {}), fetchPriority: "high" },
];
export default function Index() {
  return (
    <>
      <h1>Hello</h1>
      <img src={photo.src} srcSet={photo.srcSet} sizes={photo.sizes} alt="" width={400} height={250}
        loading="eager" fetchPriority="high" style={{ width: "100%", height: "auto" }} />
    </>
  );
}
`;
}

/**
 * /houses's first house photo as the app serves it (the preload in its head, every width it lists),
 * fetched from `pageUrl` with `headers`, for the bare page with the same photo.
 */
export async function firstHousePhoto(pageUrl: string, headers: Record<string, string>): Promise<BarePhoto> {
  const html = await (await fetch(pageUrl, { headers })).text();
  const tag = html.match(/<link\b[^>]*rel="preload"[^>]*as="image"[^>]*>/)?.[0];
  if (!tag) throw new Error(`${pageUrl} preloads no image`);
  const attribute = (name: string) =>
    tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1]?.replace(/&amp;/g, "&");
  const src = attribute("href")!;
  const srcSet = attribute("imageSrcSet") ?? attribute("imagesrcset");
  const sizes = attribute("imageSizes") ?? attribute("imagesizes");
  const urls = new Set([src, ...(srcSet ?? "").split(",").map((entry) => entry.trim().split(/\s+/)[0])]);
  const files = new Map<string, Buffer>();
  for (const url of [...urls].filter(Boolean)) {
    const response = await fetch(new URL(url, pageUrl), { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    files.set(url, Buffer.from(await response.arrayBuffer()));
  }
  return { src, srcSet, sizes, files };
}

/**
 * The yardstick: Remix v2's "hello" app (one <h1>) with the project's own installed packages and
 * future flags, built into `dir` by the same compiler. With `photo`, its page also shows that photo,
 * preloaded as /houses preloads its first (served from the app's public/ under the same paths).
 */
export function buildBareApp(dir: string, projectRoot: string, photo?: BarePhoto) {
  mkdirSync(path.join(dir, "app/routes"), { recursive: true });
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const project = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const uses = ["@remix-run/node", "@remix-run/react", "@remix-run/serve", "isbot", "react", "react-dom"];
  // isbot is only the bare app's (Remix's default entry.server uses it; ours does not). A missing
  // one would make `remix build` run `npm install` there, through the symlinked node_modules.
  const versions = { ...project.devDependencies, ...project.dependencies };
  const missing = uses.filter((name) => !versions[name]);
  if (missing.length > 0) throw new Error(`The bare app needs ${missing.join(", ")} in package.json`);
  const packageJson = {
    name: "bare-remix-hello",
    type: "module",
    dependencies: Object.fromEntries(uses.map((name) => [name, versions[name]])),
    devDependencies: { "@remix-run/dev": project.devDependencies["@remix-run/dev"] },
  };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(packageJson));
  writeFileSync(
    path.join(dir, "remix.config.js"),
    `export default { serverModuleFormat: "esm", future: { v3_fetcherPersist: true, v3_relativeSplatPath: true,
  v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true } };\n`,
  );
  writeFileSync(path.join(dir, "app/root.jsx"), BARE_ROOT);
  writeFileSync(path.join(dir, "app/routes/_index.jsx"), bareIndex(photo));
  for (const [url, bytes] of photo?.files ?? []) {
    const file = path.join(dir, "public", new URL(url, "http://bare").pathname);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  execFileSync(
    process.execPath,
    [path.join(projectRoot, "node_modules/@remix-run/dev/dist/cli.js"), "build"],
    {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}

export async function startServer(
  cwd: string,
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`A server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).status < 500) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(server);
  throw new Error(`The server on port ${port} did not answer within 60 s`);
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

function get(url: string, agent: http.Agent, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
}

export type Load = { perSecond: number; p50: number; p975: number; requests: number };

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Counts every request asked for with `unique`, across loads, so no two are alike. */
let asked = 0;

/**
 * `headers` with a cookie no other request of this process has carried (`bench=<n>`, which the app
 * never reads). Not a query string: a survey section reads its query as a draft to restore, so a
 * query would change the page, where a cookie the app ignores leaves it as a member sees it.
 */
export function uniqueHeaders(headers: Record<string, string>): Record<string, string> {
  asked += 1;
  return { ...headers, cookie: [headers.cookie, `bench=${asked}`].filter(Boolean).join("; ") };
}

/**
 * `connections` keep-alive connections asking for `url` back to back for `seconds`. With `unique`,
 * every request is one never made before (`uniqueHeaders`), so no cache keyed on the request can
 * answer it: each is a real render, as a group's traffic is.
 */
export async function load(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string>,
  unique = false,
): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        const status = await get(url, agent, unique ? uniqueHeaders(headers) : headers);
        if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
        times.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / elapsed,
    p50: quantile(times, 0.5),
    p975: quantile(times, 0.975),
    requests: times.length,
  };
}

/**
 * A process's user + system CPU time in ms (Linux: /proc, clock ticks of 10 ms; NaN elsewhere).
 * Divided by the requests a load made, it is what each request cost the server, which a busy
 * machine disturbs far less than req/s.
 */
export function cpuMs(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
