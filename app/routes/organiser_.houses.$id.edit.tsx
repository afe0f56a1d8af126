import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AnswerForm } from "~/platform/components/form-answer";
import { keepInputOnFailure } from "~/platform/components/submit-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { useRef, useState } from "react";
import { useFieldsAsTyped } from "~/platform/components/typed-before-hydration";
import { FieldError, HouseFields } from "~/features/houses/components/house-form-fields";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { houseFormValues } from "~/features/houses/lib/house-edit";
import { firstErrorPerField } from "~/platform/lib/field-errors";
import { minorToText } from "~/platform/lib/amount";
import { houseEditSchema, houseInputErrors } from "~/features/houses/lib/house-schema";
import { priceSchema } from "~/features/houses/lib/money-schema";
import { readSuggestForm, toHouseInput, type SuggestFormValues } from "~/features/houses/lib/suggest-form";
import { updateHouse, requestHousePhotos } from "~/features/houses/index.server";
import { HOUSES_PAGE, backToOrganiser, listPageOf, houseToEdit } from "~/features/organiser/index.server";
import featureStyles from "~/styles/features.css";
import styles from "~/styles/houses.css";
import { pageTitle } from "~/platform/lib/page-title";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";

// Hydrated so that a post lost on the way keeps what was typed (docs/decisions/026-one-form-answer.md).
export const handle = HYDRATE;
export const clientAction = keepInputOnFailure;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: featureStyles },
];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit a house") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const house = await houseToEdit(request, params.id);
  const price = {
    price: house.priceMinor === null ? "" : minorToText(house.priceMinor, house.currency),
    currency: house.currency,
  };
  return {
    id: house.id,
    title: house.title,
    values: { ...houseFormValues(house), ...price },
    back: listPageOf(request, HOUSES_PAGE),
  };
}

type EditValues = SuggestFormValues & { price: string; currency: string };

/** The edit form's fields: the suggest form's and the price (in the action, and as typed before hydration). */
function readEditForm(form: Record<string, unknown>): EditValues {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return { ...readSuggestForm(form), price: text(form.price), currency: text(form.currency) };
}
type Failure = FormFailure<EditValues>;

/** The same checks and messages as suggesting a house (the shared house schema). */
export async function action({ request, params }: ActionFunctionArgs) {
  const house = await houseToEdit(request, params.id);
  const read = await readForm(request, anyFields);
  if (!read.ok) return refuse(read.failure);
  const values = readEditForm(read.data);
  const input = toHouseInput(values);
  const parsed = houseEditSchema(house.listing_img).safeParse(input);
  const price = priceSchema.safeParse({ price: values.price, currency: values.currency });
  if (!parsed.success || !price.success) {
    const fieldErrors = {
      ...(parsed.success ? {} : houseInputErrors(parsed.error, input)),
      ...(price.success ? {} : firstErrorPerField(price.error)),
    };
    return refuse({ error: Object.values(fieldErrors)[0], fieldErrors, values });
  }
  await updateHouse(house.id, { ...parsed.data, ...price.data });
  // A changed photo URL is fetched in the background; the edit never waits for it.
  if (parsed.data.listing_img !== house.listing_img) void requestHousePhotos();
  return backToOrganiser(listPageOf(request, HOUSES_PAGE), `${parsed.data.title} is updated.`);
}

export default function EditHouse() {
  const { id, title, values: stored, back } = useLoaderData<typeof loader>();
  const failure = failureFor<Failure>(useActionData<typeof action>());
  return (
    <EditForm
      key={failure ? "failed" : id}
      id={id}
      title={title}
      initial={failure?.values ?? stored}
      failure={failure}
      imageOptional={!stored.listing_img}
      back={back}
    />
  );
}

function EditForm({
  title,
  initial,
  failure,
  imageOptional,
  back,
}: {
  id: number;
  /** The page of the houses' list the edit was opened from. */
  back: string;
  title: string;
  initial: EditValues;
  failure?: Failure;
  imageOptional: boolean;
}) {
  const [values, setValues] = useState(initial);
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsAsTyped(formRef, (fields) => setValues(readEditForm(Object.fromEntries(fields))));
  const errors = failure?.fieldErrors ?? {};
  const set = (field: "price" | "currency") => (value: string) =>
    setValues((old) => ({ ...old, [field]: value }));
  return (
    <section className="card suggest-card">
      <h1>Edit the house “{title}”</h1>
      <AnswerForm ref={formRef} id="house-edit-form" failure={failure}>
        <HouseFields
          values={values}
          onChange={(changed) => setValues((old) => ({ ...old, ...changed }))}
          errors={errors}
          enhanced={false}
          imageOptional={imageOptional}
        />
        <div className="field">
          <label htmlFor="price">Price for the whole stay (empty: unknown)</label>
          <input
            id="price"
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
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
          <Link to={back}>Back to Houses</Link>
        </div>
      </AnswerForm>
    </section>
  );
}
