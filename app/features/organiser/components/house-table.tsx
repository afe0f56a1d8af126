import { TableScroll } from "~/platform/components/table-scroll";
import { Form } from "@remix-run/react";
import { placeLabel, type HouseRecord, type VoteCounts } from "~/features/houses/lib/house-rules";
import { OrganiserControls } from "~/features/houses/components/organiser-controls";
import { HouseTidyLinks } from "~/features/organiser/components/tidy-links";
import { PriceNote } from "~/features/houses/components/price-note";

function status(house: HouseRecord) {
  const play = house.in_play ? "In play" : "Out of play";
  if (!house.previous_house) return play;
  return `${play}; previous house${house.previous_house_year ? ` (${house.previous_house_year})` : ""}`;
}

/** Every house, its votes and its controls in one table; one house may be chosen for the edition. */
export function HouseTable({
  houses,
  counts,
  chosenId,
  expected,
  shortName,
}: {
  shortName: string;
  expected: { expectedMin: number; expectedMax: number };
  houses: readonly HouseRecord[];
  counts: Record<number, VoteCounts>;
  chosenId: number | null;
}) {
  return (
    <section className="card" aria-labelledby="houses-heading">
      <h2 id="houses-heading">Houses</h2>
      <p>
        <a href="/organiser/houses.csv" download>
          Download the houses with their votes (CSV)
        </a>
      </p>
      {houses.length === 0 ? (
        <p className="muted">No houses available yet.</p>
      ) : (
        <TableScroll label="Houses and votes">
          <table className="organiser-table">
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
                const votes = counts[house.id] ?? { love: 0, like: 0, dislike: 0 };
                const chosen = house.id === chosenId;
                return (
                  <tr key={house.id} id={`organiser-house-${house.id}`}>
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
                      <OrganiserControls house={house} action="/organiser" />
                      <HouseTidyLinks house={house} />
                      <Form method="post" className="organiser-form">
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
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
