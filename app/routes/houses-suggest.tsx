import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { HouseFields } from "~/features/houses/components/house-form-fields";
import { useHydrated } from "remix-utils/use-hydrated";
import { loginUrl } from "~/platform/lib/login-url";
import { imageUrlError } from "~/features/houses/lib/house-rules";
import {
  SUBMIT_FAILED,
  readKeptValues,
  readSuggestForm,
  stillNeeded,
  type SuggestFormValues,
} from "~/features/houses/lib/suggest-form";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { useFieldsAsTyped } from "~/platform/components/typed-before-hydration";
import { AnswerForm } from "~/platform/components/form-answer";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import { suggestHouse } from "~/features/houses/index.server";
import { keepForLogin } from "~/features/accounts/index.server";
import { getUser, requireUser } from "~/platform/services/session.server";
import { clientIp } from "~/platform/services/request-path.server";
import { passRetryAfter } from "~/platform/lib/retry-after";
import styles from "~/styles/houses.css";
import { pageTitle } from "~/platform/lib/page-title";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const headers = passRetryAfter;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Suggest a house") }];

const SUCCESS = "House submitted successfully!";
const SUGGESTION_REFUSED = "The house was not submitted: check the fields marked below.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const added = Number(params.get("added"));
  return { kept: readKeptValues(params), addedId: Number.isInteger(added) && added > 0 ? added : null };
}

type Failure = FormFailure<SuggestFormValues>;

/** Network and 5xx failures keep the page and its input (see submit-failure.ts). */
export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  const read = await readForm(request, anyFields);
  if (!read.ok) return refuse(read.failure);
  const values = readSuggestForm(read.data);
  const user = await getUser(request);
  if (!user) {
    // The session ended while the form was open: the suggestion is kept and saved by the login.
    const kept = await keepForLogin(request, { kind: "house", values });
    return redirect(loginUrl("/houses-suggest", "house"), kept ? { headers: { "Set-Cookie": kept } } : {});
  }
  const outcome = await suggestHouse(user, values, clientIp(request));
  if (outcome.saved) return redirect(outcome.to);
  return refuse(outcome.failure, { status: outcome.status, retryAfter: outcome.retryAfter });
}

export default function SuggestHouse() {
  const { kept, addedId } = useLoaderData<typeof loader>();
  const failure = failureFor<Failure>(useActionResult<typeof action>());
  // Each success starts a fresh form from the kept values; a refusal keeps the form (and any typing since).
  return (
    <SuggestForm
      key={addedId ?? "new"}
      initial={failure?.values ?? kept}
      failure={failure}
      addedId={failure ? null : addedId}
    />
  );
}

function SuggestForm({
  initial,
  failure,
  addedId,
}: {
  initial: SuggestFormValues;
  failure?: Failure;
  addedId: number | null;
}) {
  const [values, setValues] = useState(initial);
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsAsTyped(formRef, (fields) => setValues(readSuggestForm(Object.fromEntries(fields))));
  const [imageCheck, setImageCheck] = useState<{ message?: string } | null>(null);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/houses-suggest";
  const errors = failure?.fieldErrors ?? {};
  const missing = hydrated ? stillNeeded(values) : [];
  // A fresh server answer wins over the last on-blur check.
  useEffect(() => setImageCheck(null), [failure]);
  return (
    <section className="card suggest-card">
      <h1>Suggest a house</h1>
      {addedId ? (
        <p role="status" className="alert alert-success">
          {SUCCESS} <Link to={`/houses#house-${addedId}`}>See it on the houses page</Link>
        </p>
      ) : null}
      <AnswerForm
        ref={formRef}
        id="suggest-form"
        action="/houses-suggest"
        noValidate={hydrated}
        className="suggest-form"
        failure={
          // Each refused field says why beside it; the top names the refusal, and the focus goes there.
          failure && Object.keys(errors).length
            ? { error: SUGGESTION_REFUSED }
            : failure && !failure.error
              ? { error: SUBMIT_FAILED }
              : failure
        }
      >
        <HouseFields
          values={values}
          onChange={(changed) => setValues((old) => ({ ...old, ...changed }))}
          errors={errors}
          enhanced={hydrated}
          imageCheck={imageCheck}
          onImageBlur={() => setImageCheck({ message: imageUrlError(values.listing_img) })}
        />
        <div className="form-actions">
          {/* The spec: with JavaScript, Submit is disabled until the form is complete or while it is
              sent, and the words beside it say what is still missing. Without JavaScript it is always
              pressable, and the server's answer says what is missing, as for every form. */}
          <button
            type="submit"
            className="button"
            disabled={submitting || missing.length > 0}
            aria-describedby={missing.length ? "suggest-still-needed" : undefined}
          >
            {submitting ? "Submitting..." : "Submit"}
          </button>
          {missing.length ? (
            <p id="suggest-still-needed" className="still-needed" aria-live="polite">
              Still needed: {missing.join(", ")}.
            </p>
          ) : null}
          <Link to="/houses">Back to the houses</Link>
        </div>
      </AnswerForm>
    </section>
  );
}
