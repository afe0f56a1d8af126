import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
  UNSAFE_RemixContext,
} from "@remix-run/react";
import { Fragment, useContext, type ReactNode } from "react";
import { useInlineCss } from "~/platform/components/inline-css";
import { useNonce } from "~/platform/components/nonce";
import { errorCopy } from "~/platform/lib/error-copy";
import { loginUrl } from "~/platform/lib/login-url";
import { SiteLogo } from "~/platform/components/site-logo";
import { needsHydration } from "~/platform/lib/hydration";
import { useJustLoggedIn } from "~/platform/components/login-marker";
import { LOGIN_DATA_WARNING } from "~/platform/lib/login-marker";
import { currentEditionName, getSeasonState } from "~/features/season/index.server";
import { getUser } from "~/platform/services/session.server";
import { isOrganiser } from "~/features/accounts/index.server";
import styles from "~/styles/app.css";

/** The site header's colour: a phone's status bar, and the manifest's (routes/manifest[.]webmanifest.ts). */
const THEME_COLOR = "#14213d";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The planner on a phone's home screen (issue 56).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const shortName = data?.edition.shortName ?? "SGW25";
  const name = data?.edition.name ?? "summer get-together";
  return [
    { title: `${shortName} — the ${name} planner` },
    { name: "description", content: `Plan ${shortName}: survey, results and the house vote.` },
    { name: "theme-color", content: THEME_COLOR },
  ];
};

// A plain object, not json(): with single fetch a json() body is serialized and parsed again on every
// request. A request without a session cookie or token costs no database call (see getUser), and the
// current edition's name is read once per change of the editions (getCurrentEdition).
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, edition] = await Promise.all([getUser(request), currentEditionName()]);
  // Trip and Money appear for members once the season is decided (a cached read, members only).
  const decided = user
    ? await getSeasonState().then(
        (season) => season.decided,
        () => false,
      )
    : false;
  return {
    user: user ? { email: user.email, name: user.name, organiser: await isOrganiser(user) } : null,
    edition,
    decided,
  };
}

/**
 * A refused or failed submit (status >= 400) changed nothing the layout shows. Single fetch re-reads
 * every loader without this export, even after a refused survey section, and over a dead connection
 * that read would replace the page with the error boundary (docs/decisions/003-js-off-first.md).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => {
  return actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate;
};

/** The main navigation; the event page's link reads as the current edition's short name. */
const nav = (shortName: string) => [
  { to: "/", label: "Home", end: true },
  { to: "/about", label: "About" },
  { to: "/sgw25", label: shortName },
  { to: "/past-events", label: "Past Events" },
];

function loginHref(pathname: string, search: string) {
  if (pathname.startsWith("/auth") || pathname.startsWith("/reset-password")) return "/auth";
  return loginUrl(`${pathname}${search}`);
}

/** The member, nobody (null), or not known (undefined: the root's data did not arrive). */
type FrameUser = { email: string; organiser?: boolean } | null | undefined;

function Header({
  user,
  shortName,
  name,
  decided,
}: {
  user: FrameUser;
  shortName: string;
  name: string;
  decided: boolean;
}) {
  const location = useLocation();
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        {/* The drawn logo is decoration; the link is named by this text (axe: name contains what is seen). */}
        <span className="visually-hidden">{shortName} home</span>
        <SiteLogo shortName={shortName} name={name} />
      </Link>
      <nav className="main-nav" aria-label="Main">
        <ul>
          {nav(shortName).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} prefetch="intent">
                {item.label}
              </NavLink>
            </li>
          ))}
          {/* Unknown after a failed load: neither Login nor Logout, the session may well be valid. */}
          {user === undefined ? null : (
            <li>
              {user ? (
                <Form method="post" action="/logout" className="inline-form">
                  <button type="submit" className="link-button">
                    Logout
                  </button>
                </Form>
              ) : (
                <Link to={loginHref(location.pathname, location.search)}>Login</Link>
              )}
            </li>
          )}
        </ul>
      </nav>
      <nav className="sub-nav" aria-label="Survey">
        <ul>
          <li>
            <NavLink to="/survey">Survey</NavLink>
          </li>
          <li>
            <NavLink to="/results">Results</NavLink>
          </li>
          <li>
            <NavLink to="/houses">Houses</NavLink>
          </li>
          {user && decided ? (
            <li>
              <NavLink to="/money">Money</NavLink>
            </li>
          ) : null}
          {user && decided ? (
            <li>
              <NavLink to="/trip">Trip</NavLink>
            </li>
          ) : null}
          {user ? (
            <li>
              <NavLink to="/account">Account</NavLink>
            </li>
          ) : null}
          {user?.organiser ? (
            <li>
              <NavLink to="/organiser">Organiser</NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}

function Footer({ user }: { user: FrameUser }) {
  return (
    <footer className="site-footer">
      {user === undefined ? null : (
        <p>
          {user ? (
            <>
              You are logged in as <span className="user-text">{user.email}</span>
            </>
          ) : (
            "You are not logged in."
          )}
        </p>
      )}
    </footer>
  );
}

/** A thin bar at the top while a client-side navigation or form post is in flight (JS only). */
function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return <div className={busy ? "progress progress-active" : "progress"} role="presentation" />;
}

// React renders `disabled` on any element; React's types know it only on form controls.
const NOT_FETCHED = { disabled: true } as object;

type HtmlLink = { rel: string; href: string; [attribute: string]: string | undefined };

/**
 * `<Links />` with the matched routes' stylesheets inline (a few KB), so no request blocks the first
 * paint on a slow phone; other links, and a stylesheet whose text is not at hand, stay links.
 *
 * Where Remix runs in the browser, each inlined sheet also gets a disabled `<link>` (never fetched):
 * before every navigation and form post Remix preloads the stylesheets of the routes it reloads,
 * unless a `link[rel=stylesheet]` with that href is in the document, and waits for them. Without it
 * a post on /survey would download the CSS the page already carries before showing the next section.
 */
function InlineLinks({ hydrate }: { hydrate: boolean }) {
  const { routeModules } = useContext(UNSAFE_RemixContext)!;
  const readCss = useInlineCss();
  const seen = new Set<string>();
  const links = useMatches()
    .flatMap((match) => (routeModules[match.id]?.links?.() ?? []) as HtmlLink[])
    .filter((link) => !seen.has(link.href) && seen.add(link.href));
  // In the browser React runs only on a hydrated page, and keeps running after a navigation to a
  // page without scripts.
  const markInlined = hydrate || typeof document !== "undefined";
  return (
    <>
      {links.map((link) => {
        const css = link.rel === "stylesheet" ? readCss(link.href) : undefined;
        if (css === undefined) return <link key={link.href} {...link} />;
        return (
          <Fragment key={link.href}>
            <style data-href={link.href} dangerouslySetInnerHTML={{ __html: css }} />
            {markInlined ? <link rel="stylesheet" href={link.href} {...NOT_FETCHED} /> : null}
          </Fragment>
        );
      })}
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const user = data ? data.user : undefined;
  const shortName = data?.edition.shortName ?? "SGW25";
  const name = data?.edition.name ?? "summer get-together";
  // In the browser Remix only runs when the first page asked for it; the pages it renders after
  // that keep its scroll handling, so a link to /houses#house-7 lands on the card.
  const hydrate = needsHydration(useMatches()) || typeof document !== "undefined";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <InlineLinks hydrate={hydrate} />
      </head>
      <body>
        {hydrate ? <ProgressBar /> : null}
        <Header user={user} shortName={shortName} name={name} decided={Boolean(data?.decided)} />
        <main id="main" className="page">
          {children}
        </main>
        <Footer user={user} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const justLoggedIn = useJustLoggedIn();
  const root = useRouteLoaderData<typeof loader>("root");
  // The spec: a login whose next step fails still counts, with its warning (unless the root's data
  // came and says nobody is logged in: a logout since).
  const { title, text } =
    justLoggedIn && status >= 500 && root?.user !== null
      ? {
          title: LOGIN_DATA_WARNING,
          text: "You are logged in, but this page could not load its data just now. Please try again.",
        }
      : errorCopy(status, isRouteErrorResponse(error) ? error.data : undefined);
  // A plain link reloads the page without JavaScript too; after a failed form post the browser's
  // Back button returns to the form with what was typed still in it.
  const retryHref = `${location.pathname}${location.search}`;
  return (
    <section className="card error-page" role="alert">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        {status !== 404 && status !== 403 && (
          <>
            <a href={retryHref}>Try again</a>
            {" · "}
          </>
        )}
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
