import { Form } from "@remix-run/react";
import { AnswersAt, FormAnswer } from "~/platform/components/form-answer";

/** One share of an expense and the answers the viewer may give to it (decision 030). */
export type ShareConsent = {
  expenseId: number;
  userId: number;
  name: string;
  status: string;
  text: string;
  canAccept: boolean;
  canRefuse: boolean;
  canRemove: boolean;
};

type Failure = { error?: string; form?: string };

const BUTTONS = [
  ["canAccept", "accept-share", "Accept"],
  ["canRefuse", "refuse-share", "Refuse"],
  ["canRemove", "remove-share", "Remove"],
] as const;

/**
 * The shares someone else entered that the member may answer: their own (accept one that waits,
 * refuse one that counts or waits) and, for an organiser, every share that waits or was refused
 * (accept it back in, or remove it). Each answer is one plain post.
 */
export function ConsentPanel({ answers, failure }: { answers: ShareConsent[]; failure?: Failure }) {
  const mine = failure?.form === "consent" ? failure : undefined;
  if (answers.length === 0 && !mine) return null;
  return (
    <section aria-labelledby="consent">
      <h3 id="consent">Shares to answer</h3>
      <p className="muted">
        A share someone else entered for you counts only with your consent: above the limit it waits until you
        (or an organiser) accept it; below it, it counts and you may refuse it. A refused share is out of the
        balances until an organiser decides.
      </p>
      <FormAnswer failure={mine} />
      <ul className="money-list">
        {answers.map((item) => (
          <li key={`${item.expenseId}-${item.userId}`}>
            <p className="user-text">{item.text}</p>
            <Form method="post" className="money-form">
              <AnswersAt form="consent" />
              <input type="hidden" name="id" value={item.expenseId} />
              <input type="hidden" name="member" value={item.userId} />
              {BUTTONS.filter(([can]) => item[can]).map(([, intent, label]) => (
                <button
                  key={intent}
                  type="submit"
                  className={intent === "accept-share" ? "button" : "button button-secondary"}
                  name="intent"
                  value={intent}
                >
                  {label} {item.name}’s share
                </button>
              ))}
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
