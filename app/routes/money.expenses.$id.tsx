import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ExpenseForm } from "~/features/money/components/expense-form";
import type { ExpenseFormValues } from "~/features/money/lib/expense-form";
import { getExpenseEdit, expenseEditAction } from "~/features/money/index.server";
import { pageTitle } from "~/platform/lib/page-title";
import { keepInputOnFailure } from "~/platform/components/submit-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import styles from "~/styles/features.css";
import moneyStyles from "~/styles/money.css";

// Hydrated so that a post lost on the way keeps what was typed (docs/decisions/026-one-form-answer.md).
export const handle = HYDRATE;
export const clientAction = keepInputOnFailure;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: moneyStyles },
];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit an expense") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return getExpenseEdit(request, params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return expenseEditAction(request, params.id ?? "");
}

type Failure = {
  error?: string;
  form?: string;
  fieldErrors?: Record<string, string>;
  values?: ExpenseFormValues;
};

export default function EditExpense() {
  const page = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as Failure | undefined;
  return (
    <section className="card money">
      <h1>Edit an expense</h1>
      <p className="user-text">Now: {page.summary}</p>
      <ExpenseForm
        key={failure ? "failed" : page.version}
        people={page.people}
        values={failure?.values ?? page.values}
        errors={failure?.fieldErrors}
        error={failure?.error}
        hidden={{ version: String(page.version) }}
        submit="Save the expense"
        intent="edit-expense"
        receipt={page.receipt}
      />
      <Form method="post" className="money-form">
        <input type="hidden" name="version" value={page.version} />
        <button type="submit" className="button button-danger" name="intent" value="delete-expense">
          Delete this expense
        </button>
      </Form>
      <p>
        <Link to="/money">Back to the money page</Link>
      </p>
    </section>
  );
}
