/** "Keep me signed in": ticked, the session lasts 400 days as it is used; else it ends with the browser. */
export function KeepSignedIn({ defaultChecked = true }: { defaultChecked?: boolean }) {
  return (
    <div className="field check-field">
      {/* Says the box was offered, so an unticked box means "end with the browser". */}
      <input type="hidden" name="keep" value="off" />
      <label>
        <input type="checkbox" name="keep" defaultChecked={defaultChecked} /> Keep me signed in
      </label>
    </div>
  );
}
