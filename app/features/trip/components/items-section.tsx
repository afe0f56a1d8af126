import { Form } from "@remix-run/react";
import { AnswersAt, FormAnswer } from "~/platform/components/form-answer";
import type { FormFailure } from "~/platform/lib/form-failure";
import { ITEM_LIMITS } from "~/features/trip/lib/items";
import { Field, IntentButton } from "~/features/trip/components/form-bits";

type Item = {
  id: number;
  title: string;
  notes: string;
  claimedBy: string | null;
  mine: boolean;
  done: boolean;
};
type ItemValues = { title: string; notes: string };

function ItemFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: ItemValues;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field id={`${prefix}-title`} label="Item" error={errors.title}>
        {(props) => (
          <input
            {...props}
            name="title"
            type="text"
            maxLength={ITEM_LIMITS.title}
            required
            defaultValue={values.title}
          />
        )}
      </Field>
      <Field id={`${prefix}-notes`} label="Notes" error={errors.notes}>
        {(props) => (
          <input
            {...props}
            name="notes"
            type="text"
            maxLength={ITEM_LIMITS.notes}
            defaultValue={values.notes}
          />
        )}
      </Field>
    </>
  );
}

/** Who brings what: claim, give back, tick off; the organiser edits and removes. */
export function ItemsSection({
  items,
  organiser,
  previousItems,
  failure,
  addFailure,
  itemFailure,
}: {
  items: Item[];
  organiser: boolean;
  previousItems: number;
  failure?: FormFailure<unknown>;
  addFailure?: FormFailure<ItemValues>;
  itemFailure: (id: number) => FormFailure<ItemValues> | undefined;
}) {
  return (
    <>
      <FormAnswer failure={failure} />
      {items.length ? (
        <ul className="trip-items">
          {items.map((item) => {
            const edit = itemFailure(item.id);
            return (
              <li key={item.id} className={item.done ? "trip-item trip-item-done" : "trip-item"}>
                <p className="user-text">
                  <strong>{item.title}</strong>
                  {item.done ? " (done)" : ""}
                  {item.notes ? <span className="muted"> — {item.notes}</span> : null}
                  <br />
                  {item.claimedBy
                    ? `${item.mine ? "You bring" : `${item.claimedBy} brings`} it.`
                    : "Nobody brings it yet."}
                </p>
                <div className="trip-actions">
                  {item.claimedBy === null ? (
                    <IntentButton
                      intent="claim"
                      answersAt="items"
                      label="I bring it"
                      fields={{ id: item.id }}
                      accessibleName={`I bring ${item.title}`}
                    />
                  ) : null}
                  {item.mine || (organiser && item.claimedBy) ? (
                    <IntentButton
                      intent="unclaim"
                      answersAt="items"
                      label="Give back"
                      fields={{ id: item.id }}
                      secondary
                      accessibleName={`Give back ${item.title}`}
                    />
                  ) : null}
                  <IntentButton
                    intent="done"
                    answersAt="items"
                    label={item.done ? "Not done" : "Done"}
                    fields={{ id: item.id, done: item.done ? "0" : "1" }}
                    secondary
                    accessibleName={`${item.done ? "Not done" : "Done"}: ${item.title}`}
                  />
                  {organiser ? (
                    <IntentButton
                      intent="remove-item"
                      answersAt="items"
                      label="Remove"
                      fields={{ id: item.id }}
                      secondary
                      accessibleName={`Remove ${item.title}`}
                    />
                  ) : null}
                </div>
                {organiser ? (
                  <details open={Boolean(edit)}>
                    <summary>Edit</summary>
                    <Form method="post">
                      <AnswersAt form={`item-${item.id}`} />
                      <input type="hidden" name="id" value={item.id} />
                      <FormAnswer failure={edit} />
                      <ItemFields
                        prefix={`item-${item.id}`}
                        values={edit?.values ?? item}
                        errors={edit?.fieldErrors ?? {}}
                      />
                      <button type="submit" name="intent" value="edit-item" className="button">
                        Save the item
                      </button>
                    </Form>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">The list is empty.</p>
      )}
      {organiser && previousItems > 0 ? (
        <IntentButton
          intent="copy-items"
          answersAt="items"
          label={`Start from last year's list (${previousItems} items)`}
          secondary
        />
      ) : null}
      <Form method="post" aria-labelledby="add-item-heading">
        <h3 id="add-item-heading">Add an item</h3>
        <FormAnswer failure={addFailure} />
        <ItemFields
          prefix="add-item"
          values={addFailure?.values ?? { title: "", notes: "" }}
          errors={addFailure?.fieldErrors ?? {}}
        />
        <button type="submit" name="intent" value="add-item" className="button">
          Add to the list
        </button>
      </Form>
    </>
  );
}
