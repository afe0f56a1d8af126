import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { CountrySelect, FieldError, Slider, StateSelect } from "~/components/house-form-fields";
import { failureFor, type FormFailure } from "~/lib/form-failure";
import { houseFormValues } from "~/lib/house-edit";
import { firstErrorPerField } from "~/lib/field-errors";
import { houseInputErrors, houseInputSchema } from "~/lib/house-schema";
import { priceSchema } from "~/lib/money-schema";
import { readSuggestForm, toHouseInput, type SuggestFormValues } from "~/lib/suggest-form";
import { getHouse, updateHouse } from "~/models/house.server";
import { setFlash } from "~/services/flash.server";
import { requestHousePhotos } from "~/services/house-photos.server";
import { requireOrganiser } from "~/services/organiser.server";
import featureStyles from "~/styles/features.css";
import styles from "~/styles/houses.css";
import { pageTitle } from "~/lib/page-title";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: featureStyles },
];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit a house") }];

async function findHouse(id: string | undefined) {
  const house = /^\d{1,9}$/.test(id ?? "") ? await getHouse(Number(id)) : undefined;
  if (!house) throw new Response("House not found", { status: 404 });
  return house;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  const house = await findHouse(params.id);
  const price = { price: house.price === null ? "" : String(house.price), currency: house.currency };
  return { id: house.id, title: house.title, values: { ...houseFormValues(house), ...price } };
}

type EditValues = SuggestFormValues & { price: string; currency: string };
type Failure = FormFailure<EditValues>;

/** The same checks and messages as suggesting a house (the shared house schema). */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireOrganiser(request);
  const house = await findHouse(params.id);
  const form = Object.fromEntries(await request.formData());
  const values: EditValues = {
    ...readSuggestForm(form),
    price: String(form.price ?? "").slice(0, 20),
    currency: String(form.currency ?? "").slice(0, 10),
  };
  const input = toHouseInput(values);
  const parsed = houseInputSchema.safeParse(input);
  const price = priceSchema.safeParse({ price: values.price, currency: values.currency });
  if (!parsed.success || !price.success) {
    const fieldErrors = {
      ...(parsed.success ? {} : houseInputErrors(parsed.error, input)),
      ...(price.success ? {} : firstErrorPerField(price.error)),
    };
    return data<Failure>({ error: Object.values(fieldErrors)[0], fieldErrors, values }, { status: 400 });
  }
  await updateHouse(house.id, { ...parsed.data, ...price.data });
  // A changed photo URL is fetched in the background; the edit never waits for it.
  if (parsed.data.listing_img !== house.listing_img) void requestHousePhotos();
  const message = `${parsed.data.title} is updated.`;
  return redirect(`/organiser#organiser-house-${house.id}`, {
    headers: { "Set-Cookie": await setFlash({ message }) },
  });
}

export default function EditHouse() {
  const { id, title, values: stored } = useLoaderData<typeof loader>();
  const failure = failureFor<Failure>(useActionData<typeof action>());
  return (
    <EditForm
      key={failure ? "failed" : id}
      id={id}
      title={title}
      initial={failure?.values ?? stored}
      failure={failure}
    />
  );
}

function EditForm({
  title,
  initial,
  failure,
}: {
  id: number;
  title: string;
  initial: EditValues;
  failure?: Failure;
}) {
  const [values, setValues] = useState(initial);
  const errors = failure?.fieldErrors ?? {};
  const set = (field: keyof EditValues) => (value: string) =>
    setValues((old) => ({ ...old, [field]: value }));
  const text = (field: "url" | "title" | "listing_img" | "city" | "otherCountry", label: string) => (
    <div className="field">
      <label htmlFor={field}>{label}</label>
      <input
        id={field}
        name={field}
        type="text"
        value={values[field]}
        onChange={(event) => set(field)(event.target.value)}
        required={field !== "otherCountry"}
        maxLength={2000}
        aria-invalid={errors[field === "otherCountry" ? "country" : field] ? true : undefined}
        aria-describedby={`${field}-error`}
      />
      <FieldError id={`${field}-error`} message={errors[field === "otherCountry" ? "country" : field]} />
    </div>
  );
  return (
    <section className="card suggest-card">
      <h1>Edit the house “{title}”</h1>
      {failure && Object.keys(errors).length === 0 ? (
        <p role="alert" className="alert alert-error">
          {failure.error}
        </p>
      ) : null}
      <Form method="post">
        {text("url", "Listing URL")}
        {text("title", "Title")}
        {text("listing_img", "Image URL")}
        <CountrySelect
          value={values.countryChoice}
          onChange={(choice) => setValues((old) => ({ ...old, countryChoice: choice }))}
        />
        {text("otherCountry", "Country name (only for Other)")}
        {text("city", "City")}
        <StateSelect
          country={values.countryChoice}
          value={values.state}
          onChange={set("state")}
          enhanced={false}
          error={errors.state}
        />
        <Slider
          name="num_bedrooms"
          value={values.num_bedrooms}
          onChange={set("num_bedrooms")}
          enhanced={false}
        />
        <FieldError id="num_bedrooms-error" message={errors.num_bedrooms} />
        <Slider name="num_beds" value={values.num_beds} onChange={set("num_beds")} enhanced={false} />
        <FieldError id="num_beds-error" message={errors.num_beds} />
        <Slider name="num_baths" value={values.num_baths} onChange={set("num_baths")} enhanced={false} />
        <FieldError id="num_baths-error" message={errors.num_baths} />
        <div className="field">
          <label htmlFor="price">Price for the whole stay (empty: unknown)</label>
          <input
            id="price"
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={values.price}
            onChange={(event) => set("price")(event.target.value)}
            aria-invalid={errors.price ? true : undefined}
            aria-describedby="price-error"
          />
          <FieldError id="price-error" message={errors.price} />
        </div>
        <div className="field">
          <label htmlFor="currency">Currency (a three-letter code such as USD)</label>
          <input
            id="currency"
            name="currency"
            type="text"
            value={values.currency}
            onChange={(event) => set("currency")(event.target.value)}
            maxLength={3}
            required
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby="currency-error"
          />
          <FieldError id="currency-error" message={errors.currency} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            Save the house
          </button>
          <Link to="/organiser">Back to the organiser page</Link>
        </div>
      </Form>
    </section>
  );
}
