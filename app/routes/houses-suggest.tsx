import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CountrySelect, FieldError, Slider, StateSelect } from "~/components/house-form-fields";
import { useHydrated } from "remix-utils/use-hydrated";
import { HOUSE_LIMITS } from "~/lib/limits";
import { loginUrl } from "~/lib/login-url";
import { imageUrlError, isHouseFormComplete } from "~/lib/house-rules";
import { SUBMIT_FAILED, readKeptValues, readSuggestForm, type SuggestFormValues } from "~/lib/suggest-form";
import { failureFor, type FormFailure } from "~/lib/form-failure";
import { HYDRATE } from "~/lib/hydration";
import { keepInputOnFailure, useActionResult } from "~/components/submit-failure";
import { suggestHouse } from "~/services/house-suggest.server";
import { keepForLogin } from "~/services/pending-submission.server";
import { getUser, requireUser } from "~/services/session.server";
import styles from "~/styles/houses.css";
import { pageTitle } from "~/lib/page-title";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Suggest a house") }];

const SUCCESS = "House submitted successfully!";

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
  const values = readSuggestForm(Object.fromEntries(await request.formData()));
  const user = await getUser(request);
  if (!user) {
    // The session ended while the form was open: the suggestion is kept and saved by the login.
    const kept = await keepForLogin(request, { kind: "house", values });
    return redirect(loginUrl("/houses-suggest", "house"), kept ? { headers: { "Set-Cookie": kept } } : {});
  }
  const outcome = await suggestHouse(user, values);
  if (outcome.saved) return redirect(outcome.to);
  return data<Failure>(outcome.failure, { status: outcome.status });
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
  // Whatever was typed before the scripts arrived must not be wiped by the first re-render.
  useEffect(() => {
    if (formRef.current) setValues(readSuggestForm(Object.fromEntries(new FormData(formRef.current))));
  }, []);
  const [imageCheck, setImageCheck] = useState<{ message?: string } | null>(null);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/houses-suggest";
  const errors = failure?.fieldErrors ?? {};
  // A fresh server answer wins over the last on-blur check.
  useEffect(() => setImageCheck(null), [failure]);
  const imageError = imageCheck ? imageCheck.message : errors.listing_img;
  const set = (field: keyof SuggestFormValues) => (value: string) =>
    setValues((old) => ({ ...old, [field]: value }));

  const text = (
    field: "url" | "title" | "listing_img" | "city",
    label: string,
    extra: { type?: string; onBlur?: () => void; error?: string } = {},
  ) => {
    const error = extra.error ?? errors[field];
    return (
      <div className="field">
        <label htmlFor={field}>{label}</label>
        <input
          id={field}
          name={field}
          type={extra.type ?? "text"}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
          onBlur={extra.onBlur}
          required
          maxLength={HOUSE_LIMITS[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field}-error` : undefined}
        />
        <FieldError id={`${field}-error`} message={error} />
      </div>
    );
  };

  return (
    <section className="card suggest-card">
      <h1>Suggest a house</h1>
      {addedId ? (
        <p role="status" className="alert alert-success">
          {SUCCESS} <Link to={`/houses#house-${addedId}`}>See it on the houses page</Link>
        </p>
      ) : null}
      {failure && Object.keys(errors).length === 0 ? (
        <p role="alert" className="alert alert-error">
          {failure.error || SUBMIT_FAILED}
        </p>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        action="/houses-suggest"
        noValidate={hydrated}
        className="suggest-form"
      >
        {text("url", "Listing URL")}
        {text("title", "Title")}
        {text("listing_img", "Image URL", {
          onBlur: () => setImageCheck({ message: imageUrlError(values.listing_img) }),
          error: imageError,
        })}
        <CountrySelect
          value={values.countryChoice}
          onChange={(choice) =>
            setValues((old) => ({ ...old, countryChoice: choice, state: "", otherCountry: "" }))
          }
        />
        {!hydrated || values.countryChoice === "Other" ? (
          <div className="field other-country-field">
            <label htmlFor="otherCountry">
              Country name
              {hydrated ? null : <span className="when-no-has"> (only for Other)</span>}
            </label>
            <input
              id="otherCountry"
              name="otherCountry"
              type="text"
              value={values.otherCountry}
              onChange={(event) => set("otherCountry")(event.target.value)}
              maxLength={HOUSE_LIMITS.country}
              aria-invalid={errors.country ? true : undefined}
              aria-describedby={errors.country ? "otherCountry-error" : undefined}
            />
            <FieldError id="otherCountry-error" message={errors.country} />
          </div>
        ) : null}
        {text("city", "City")}
        <StateSelect
          country={values.countryChoice}
          value={values.state}
          onChange={set("state")}
          enhanced={hydrated}
          error={errors.state}
        />
        <Slider
          name="num_bedrooms"
          value={values.num_bedrooms}
          onChange={set("num_bedrooms")}
          enhanced={hydrated}
        />
        <FieldError id="num_bedrooms-error" message={errors.num_bedrooms} />
        <Slider name="num_beds" value={values.num_beds} onChange={set("num_beds")} enhanced={hydrated} />
        <FieldError id="num_beds-error" message={errors.num_beds} />
        <Slider name="num_baths" value={values.num_baths} onChange={set("num_baths")} enhanced={hydrated} />
        <FieldError id="num_baths-error" message={errors.num_baths} />
        <div className="form-actions">
          <button
            type="submit"
            className="button"
            disabled={submitting || (hydrated && !isHouseFormComplete(values))}
          >
            {submitting ? "Submitting..." : "Submit"}
          </button>
          <Link to="/houses">Back to the houses</Link>
        </div>
      </Form>
    </section>
  );
}
