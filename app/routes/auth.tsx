import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { verifyLogin } from "~/models/user.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { createUserSession, getUser } from "~/services/session.server";

// Minimal login mode; the accounts issue grows this into the four spec modes.
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) return redirect("/");
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const user = await verifyLogin(email, password);
  if (!user) return json({ error: "Login failed: Invalid email or password", email }, { status: 400 });
  return createUserSession(user.id, safeRedirect(form.get("redirect")));
}

export default function Auth() {
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <section className="card">
      <h1>Login</h1>
      {data?.error ? (
        <p role="alert" className="alert alert-error">
          {data.error}
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="redirect" value={params.get("redirect") ?? "/"} />
        <div className="field">
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" required defaultValue={data?.email} />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" required />
        </div>
        <button type="submit" className="button">
          Login
        </button>
      </Form>
    </section>
  );
}
