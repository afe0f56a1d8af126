import { ChooseForm } from "~/features/organiser/components/house-table";
import type { VoteCounts } from "~/features/houses/lib/house-rules";

export type HouseChoice = { id: number; title: string; place: string; votes: VoteCounts };

type Props = { houses: HouseChoice[]; chosenId: number | null; shortName: string };

/** The houses in play with their votes, best loved first: one button chooses the edition's house. */
export function HouseChoicePanel({ houses, chosenId, shortName }: Props) {
  return (
    <section className="card" aria-labelledby="choose-house-heading">
      <h2 id="choose-house-heading">The house</h2>
      {houses.length === 0 ? <p className="muted">No house is in play.</p> : null}
      <ul className="house-choices">
        {houses.map((house) => {
          const chosen = house.id === chosenId;
          return (
            <li key={house.id} className={chosen ? "house-choice chosen" : "house-choice"}>
              <h3 className="user-text">{house.title}</h3>
              <p className="muted user-text">{house.place}</p>
              <p>
                {house.votes.love} love, {house.votes.like} like, {house.votes.dislike} dislike
                {chosen ? (
                  <>
                    {" "}
                    · <strong>Chosen for {shortName}</strong>
                  </>
                ) : null}
              </p>
              <ChooseForm house={house} chosen={chosen} shortName={shortName} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
