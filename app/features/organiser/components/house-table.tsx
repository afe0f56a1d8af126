import { failureFor, houseForm, type FormFailure } from "~/platform/lib/form-failure";
import { Form } from "@remix-run/react";
import { placeLabel, type VoteCounts } from "~/features/houses/lib/house-rules";
import { HOUSES_PER_PAGE, type HouseRow } from "~/features/organiser/lib/house-rows";
import { pageHref } from "~/platform/lib/paging";
import { ListPager } from "~/features/organiser/components/list-pager";
import { OrganiserControls } from "~/features/houses/components/organiser-controls";
import { HouseTidyLinks } from "~/features/organiser/components/tidy-links";
import { PriceNote } from "~/features/houses/components/price-note";

const PATH = "/organiser/houses";

/**
 * The index route's own address: its forms post there (Remix marks an index route's action), with
 * the page they are on, which the redirect after the post returns to.
 */
function actionOn(page: number) {
  return page > 1 ? `${PATH}?index&page=${page}` : `${PATH}?index`;
}

function status(house: HouseRow) {
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
  houses: readonly HouseRow[];
  counts: Record<number, VoteCounts>;
  chosenId: number | null;
  /** This page of the houses, how many pages and how many houses in all. */
  page: number;
  pages: number;
  total: number;
};

const NONE: VoteCounts = { love: 0, like: 0, dislike: 0 };

/**
 * One page of the houses, their votes and their controls: one table, each row laid out as a card on
 * a phone (the controls under the name they act on) and as a row where its six columns fit
 * (features.css). Rendered once, not as cards and a table, so a slow phone parses and hydrates half.
 */
export function HouseTable({
  houses,
  counts,
  chosenId,
  expected,
  shortName,
  page,
  pages,
  total,
  failure,
}: Props & { failure?: FormFailure }) {
  const ACTION = actionOn(page);
  const back = pageHref(PATH, {}, page);
  return (
    <section className="card" aria-labelledby="houses-heading">
      <h2 id="houses-heading">Every house</h2>
      {pages > 1 ? (
        <p>
          {total} houses, {HOUSES_PER_PAGE} a page, oldest first.
        </p>
      ) : null}
      {houses.length === 0 ? (
        <p className="muted">No houses available yet.</p>
      ) : (
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
                <tr key={house.id} id={`organiser-house-${house.id}`} className="organiser-house-card">
                  <th scope="row">
                    <h3 className="user-text">{house.title}</h3>
                    <p className="muted user-text">{placeLabel(house, false)}</p>
                    <PriceNote house={house} expected={expected} />
                    {chosen ? (
                      <p>
                        <strong>Chosen for {shortName}</strong>
                      </p>
                    ) : null}
                  </th>
                  <td data-label="Loves">{votes.love}</td>
                  <td data-label="Likes">{votes.like}</td>
                  <td data-label="Dislikes">{votes.dislike}</td>
                  <td data-label="Status">{status(house)}</td>
                  <td className="house-controls">
                    <ChooseForm house={house} chosen={chosen} shortName={shortName} action={ACTION} />
                    <OrganiserControls
                      house={house}
                      action={ACTION}
                      failure={failureFor(failure, houseForm(house.id))}
                    />
                    <HouseTidyLinks house={house} back={back} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <ListPager label="Pages of houses" path={PATH} query={{}} page={page} pages={pages} />
    </section>
  );
}
