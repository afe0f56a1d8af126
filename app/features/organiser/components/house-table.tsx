import { Form } from "@remix-run/react";
import { placeLabel, type HouseRecord, type VoteCounts } from "~/features/houses/lib/house-rules";
import { OrganiserControls } from "~/features/houses/components/organiser-controls";
import { HouseTidyLinks } from "~/features/organiser/components/tidy-links";
import { PriceNote } from "~/features/houses/components/price-note";

/** The index route's own address: its forms post there (Remix marks an index route's action). */
const ACTION = "/organiser/houses?index";

function status(house: HouseRecord) {
  const play = house.in_play ? "In play" : "Out of play";
  if (!house.previous_house) return play;
  return `${play}; previous house${house.previous_house_year ? ` (${house.previous_house_year})` : ""}`;
}

/** Chooses the house for the edition (or unchooses it); `action` is the page the post returns to. */
export function ChooseForm({
  house,
  chosen,
  shortName,
  action,
}: {
  house: { id: number; title: string };
  chosen: boolean;
  shortName: string;
  action?: string;
}) {
  return (
    <Form method="post" action={action} className="organiser-form">
      <input type="hidden" name="houseId" value={house.id} />
      <button
        type="submit"
        name="intent"
        value={chosen ? "unchoose" : "choose"}
        className="button button-secondary"
      >
        {chosen ? "Unchoose" : `Choose for ${shortName}`}
        <span className="visually-hidden"> {house.title}</span>
      </button>
    </Form>
  );
}

type Props = {
  shortName: string;
  expected: { expectedMin: number; expectedMax: number };
  houses: readonly HouseRecord[];
  counts: Record<number, VoteCounts>;
  chosenId: number | null;
};

const NONE: VoteCounts = { love: 0, like: 0, dislike: 0 };

/**
 * Every house, its votes and its controls: a card per house on a phone, with the controls under the
 * name they act on, and a table where it fits (features.css shows one of the two).
 */
export function HouseTable({ houses, counts, chosenId, expected, shortName }: Props) {
  return (
    <section className="card" aria-labelledby="houses-heading">
      <h2 id="houses-heading">Every house</h2>
      {houses.length === 0 ? (
        <p className="muted">No houses available yet.</p>
      ) : (
        <>
          <ul className="organiser-house-cards" aria-label="Houses">
            {houses.map((house) => {
              const votes = counts[house.id] ?? NONE;
              const chosen = house.id === chosenId;
              return (
                <li key={house.id} id={`organiser-house-${house.id}`} className="organiser-house-card">
                  <h3 className="user-text">{house.title}</h3>
                  <p className="muted user-text">{placeLabel(house, false)}</p>
                  <PriceNote house={house} expected={expected} />
                  <p>
                    {votes.love} love, {votes.like} like, {votes.dislike} dislike · {status(house)}
                    {chosen ? (
                      <>
                        {" "}
                        · <strong>Chosen for {shortName}</strong>
                      </>
                    ) : null}
                  </p>
                  <ChooseForm house={house} chosen={chosen} shortName={shortName} action={ACTION} />
                  <OrganiserControls house={house} action={ACTION} idPrefix="card-year" />
                  <HouseTidyLinks house={house} />
                </li>
              );
            })}
          </ul>
          <table className="organiser-table organiser-house-table">
            <caption className="visually-hidden">Every house, its votes and its controls</caption>
            <thead>
              <tr>
                <th scope="col">House</th>
                <th scope="col">Loves</th>
                <th scope="col">Likes</th>
                <th scope="col">Dislikes</th>
                <th scope="col">Status</th>
                <th scope="col">Controls</th>
              </tr>
            </thead>
            <tbody>
              {houses.map((house) => {
                const votes = counts[house.id] ?? NONE;
                const chosen = house.id === chosenId;
                return (
                  <tr key={house.id}>
                    <th scope="row">
                      <span className="user-text">{house.title}</span>
                      <br />
                      <span className="muted user-text">{placeLabel(house, false)}</span>
                      <PriceNote house={house} expected={expected} />
                      {chosen ? (
                        <>
                          <br />
                          <strong>Chosen for {shortName}</strong>
                        </>
                      ) : null}
                    </th>
                    <td>{votes.love}</td>
                    <td>{votes.like}</td>
                    <td>{votes.dislike}</td>
                    <td>{status(house)}</td>
                    <td>
                      <OrganiserControls house={house} action={ACTION} />
                      <HouseTidyLinks house={house} />
                      <ChooseForm house={house} chosen={chosen} shortName={shortName} action={ACTION} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
