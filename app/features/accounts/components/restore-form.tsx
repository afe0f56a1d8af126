import { Form } from "@remix-run/react";
import type { FormFailure } from "~/platform/lib/form-failure";
import { AnswerForm } from "~/platform/components/form-answer";
import { RESTORE_UPLOAD_MAX_BYTES, RESTORE_UPLOAD_PATH } from "~/platform/lib/limits";

const MB = RESTORE_UPLOAD_MAX_BYTES / 1024 / 1024;

/** The backup file's upload: a plain multipart form, checked whole on the server before anything is written. */
export function RestoreUploadForm({ token, failure }: { token: string; failure?: FormFailure<unknown> }) {
  const error = failure?.fieldErrors?.backup;
  return (
    <AnswerForm
      id="restore-form"
      failure={failure}
      action={`${RESTORE_UPLOAD_PATH}?token=${encodeURIComponent(token)}`}
      encType="multipart/form-data"
    >
      <input type="hidden" name="token" value={token} />
      <label htmlFor="restore-backup">Backup file (up to {MB} MB)</label>
      <input
        id="restore-backup"
        type="file"
        name="backup"
        accept=".jsonl,application/jsonl,application/json,text/plain"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "backup-error" : undefined}
      />
      {error ? (
        <p id="backup-error" className="field-error">
          {error}
        </p>
      ) : null}
      <button type="submit" name="intent" value="check" className="button">
        Check the backup
      </button>
    </AnswerForm>
  );
}

/** What the checked file holds, and the one button that loads it. */
export function RestoreConfirmForm({
  token,
  checked,
}: {
  token: string;
  checked: { upload: string; summary: string; schema: string; takenAt: string };
}) {
  return (
    <Form
      method="post"
      action={`${RESTORE_UPLOAD_PATH}?token=${encodeURIComponent(token)}`}
      id="restore-confirm"
    >
      <div role="status" className="alert alert-info">
        <p>
          The backup is whole: {checked.summary}. Taken {checked.takenAt.slice(0, 16).replace("T", " ")} UTC
          (schema {checked.schema}). Restore?
        </p>
      </div>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="upload" value={checked.upload} />
      <button type="submit" name="intent" value="restore" className="button">
        Restore this backup
      </button>{" "}
      <a href={`${RESTORE_UPLOAD_PATH}?token=${encodeURIComponent(token)}`}>Choose another file</a>
    </Form>
  );
}
