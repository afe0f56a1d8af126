import type { ReactNode } from "react";
import { FormAnswer } from "~/platform/components/form-answer";
import { Link, NavLink, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ORGANISERS_ONLY } from "~/platform/lib/login-url";

/** The organiser's pages, one task each, in the order a season needs them. */
export const ORGANISER_PAGES = [
  { to: "/organiser", label: "Overview" },
  { to: "/organiser/decide", label: "Decide" },
  { to: "/organiser/people", label: "People" },
  { to: "/organiser/houses", label: "Houses" },
  { to: "/organiser/mail", label: "Mail" },
  { to: "/organiser/event", label: "Event" },
  { to: "/organiser/next-edition", label: "Next edition" },
] as const;

/** The small menu of the organiser's pages: links that wrap on a phone, the current one marked. */
export function OrganiserNav() {
  return (
    <nav className="organiser-nav" aria-label="Organiser">
      <ul>
        {ORGANISER_PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end prefetch="intent">
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * What the last post did (a flash after post/redirect/get) or why it was refused (the action's
 * answer), at the top of the page. With JavaScript a refusal keeps the page where it was, so the
 * message takes the focus, which also scrolls it into view.
 */
export function PageMessage({ flash, error }: { flash?: string | null; error?: string | null }) {
  return <FormAnswer failure={error ? { error } : undefined} note={flash} className="page-message" />;
}

/** The head of every organiser page: its title, the menu and the message of the last post. */
export function OrganiserFrame({
  title,
  flash,
  error,
  children,
}: {
  title: string;
  flash?: string | null;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="organiser-page">
      <section className="card organiser-head" aria-labelledby="organiser-title">
        <h1 id="organiser-title">{title}</h1>
        <OrganiserNav />
        <PageMessage flash={flash} error={error} />
      </section>
      {children}
    </div>
  );
}

/** Every organiser page's answer to a member who is not an organiser. */
export function OrganiserErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  if (!forbidden) throw error;
  return (
    <section className="card" role="alert">
      <h1>Organiser</h1>
      <p>{ORGANISERS_ONLY}</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
