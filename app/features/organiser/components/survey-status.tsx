import { TableScroll } from "~/platform/components/table-scroll";
import { MemberTidyLinks } from "~/features/organiser/components/tidy-links";
export type MemberRow = {
  id: number;
  name: string;
  email: string;
  submitted: boolean;
  attending: string;
  submittedAt: string | null;
  /** Houses they suggested. */
  houses: number;
};

/** Who has submitted the survey (with when) and which registered members have not. */
export function SurveyStatus({ members }: { members: MemberRow[] }) {
  const done = members.filter((member) => member.submitted);
  const waiting = members.filter((member) => !member.submitted);
  return (
    <section className="card" aria-labelledby="status-heading">
      <h2 id="status-heading">Who has answered</h2>
      <h3 id="submitted-heading">Submitted ({done.length})</h3>
      {done.length ? (
        <TableScroll label="Submitted surveys">
          <table aria-labelledby="submitted-heading" className="organiser-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Attending</th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {done.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    <span className="user-text">{member.name}</span>
                    <br />
                    <MemberTidyLinks member={member} />
                  </th>
                  <td className="user-text">{member.email}</td>
                  <td>{member.attending || "Not answered"}</td>
                  <td className="nowrap">{member.submittedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="muted">Nobody has submitted the survey yet.</p>
      )}
      <h3 id="waiting-heading">Not submitted ({waiting.length})</h3>
      {waiting.length ? (
        <ul aria-labelledby="waiting-heading" className="waiting-list">
          {waiting.map((member) => (
            <li key={member.id}>
              <span className="user-text">
                {member.name} &lt;{member.email}&gt;
              </span>{" "}
              <MemberTidyLinks member={member} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Every registered member has submitted the survey.</p>
      )}
    </section>
  );
}
