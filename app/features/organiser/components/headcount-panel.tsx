import { TableScroll } from "~/platform/components/table-scroll";
import type { Headcount } from "~/features/results/lib/headcount";
import { against } from "~/features/organiser/lib/headcount-words";

export type HeadcountPanelData = {
  count: Headcount;
  rows: Array<[string, number, number]>;
  house: { title: string; beds: number; bedrooms: number } | null;
};

/** One row per thing counted: how many among the yeses, and among the yeses and maybes. */
function CountTable({
  label,
  what,
  rows,
  caption,
  labelledBy,
}: {
  label: string;
  what: string;
  rows: HeadcountPanelData["rows"];
  caption?: string;
  labelledBy?: string;
}) {
  return (
    <TableScroll label={label}>
      <table className="organiser-table headcount-table" aria-labelledby={labelledBy}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">{what}</th>
            <th scope="col">Yes</th>
            <th scope="col">Yes + maybe</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, yes, all]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{yes}</td>
              <td>{all}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The numbers a booking and a shirt order need: heads, guests, beds, rooms, sober answers, shirts. */
export function HeadcountPanel({ headcount }: { headcount: HeadcountPanelData }) {
  const { count, rows, house } = headcount;
  const people = rows.filter(([label]) => !label.startsWith("Shirts"));
  const shirts = rows.filter(([label, , all]) => label.startsWith("Shirts") && all > 0);
  return (
    <section className="card" aria-labelledby="headcount-heading">
      <h2 id="headcount-heading">Headcount</h2>
      {house ? (
        <>
          <p>Against {house.title}:</p>
          <ul>
            <li>
              Yes: {against(count.people.yes, house.beds, "bed")};{" "}
              {against(count.bedrooms.yes, house.bedrooms, "bedroom")}.
            </li>
            <li>
              Yes + maybe: {against(count.people.all, house.beds, "bed")};{" "}
              {against(count.bedrooms.all, house.bedrooms, "bedroom")}.
            </li>
          </ul>
        </>
      ) : (
        <p className="muted">No house is chosen: the beds and bedrooms are what a house must have.</p>
      )}
      <CountTable
        label="Headcount"
        what="What"
        rows={people}
        caption="Who is coming, their guests, beds, rooms and sober answers"
      />
      <p>
        <strong>Will share a room:</strong> {count.sharing.length ? count.sharing.join(", ") : "nobody yet"}
      </p>
      <h3 id="shirts-heading">Shirts</h3>
      {shirts.length ? (
        <CountTable
          label="Shirts"
          what="For, size"
          rows={shirts.map(([label, yes, all]) => [label.replace("Shirts, ", ""), yes, all])}
          labelledBy="shirts-heading"
        />
      ) : (
        <p className="muted">No shirt sizes yet.</p>
      )}
    </section>
  );
}
