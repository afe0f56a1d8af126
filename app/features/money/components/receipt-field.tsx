import { AnswerForm, AnswersAt } from "~/platform/components/form-answer";
import type { FormFailure } from "~/platform/lib/form-failure";
import { RECEIPT_MAX_BYTES } from "~/platform/lib/limits";

const MB = RECEIPT_MAX_BYTES / 1024 / 1024;

/** A link to a kept receipt: a photo opens in the browser, a PDF downloads. */
export function ReceiptLink({ receipt, label }: { receipt: { id: number; pdf: boolean }; label: string }) {
  return (
    <a href={`/money/receipts/${receipt.id}`} target="_blank" rel="noopener">
      {label} ({receipt.pdf ? "PDF" : "photo"})
    </a>
  );
}

/**
 * The receipt's file input: a photo from the phone's camera or its gallery, or a PDF. No `capture`:
 * that would forbid choosing a file already taken. A file input is never filled in again after a
 * refused post, so the hint says to choose it again.
 */
export function ReceiptField({
  id,
  error,
  kept,
  label = "Receipt (optional)",
}: {
  id: string;
  error?: string;
  kept: { id: number; pdf: boolean } | null;
  label?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name="receipt"
        accept="image/*,application/pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p id={`${id}-hint`} className="field-note muted">
        A photo (JPEG, PNG or WebP) or a PDF, up to {MB} MB. Photos are kept without their location.
        {kept ? " Choosing a file replaces the one kept." : ""}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error} Choose the file again.
        </p>
      ) : null}
      {kept ? (
        <p>
          <ReceiptLink receipt={kept} label="Open the receipt" />{" "}
          <label className="money-sharer">
            <input type="checkbox" name="removeReceipt" value="yes" />
            <span>Remove the receipt</span>
          </label>
        </p>
      ) : null}
    </div>
  );
}

/** /money/setup's booking confirmation: the organiser keeps the house's, as a receipt of its cost. */
export function HouseReceiptForm({
  kept,
  failure,
}: {
  kept: { id: number; pdf: boolean } | null;
  failure?: FormFailure<unknown>;
}) {
  return (
    <AnswerForm id="house-receipt-form" failure={failure} encType="multipart/form-data">
      <AnswersAt form="house-receipt" />
      <ReceiptField
        id="house-receipt"
        label="Booking confirmation"
        error={failure?.fieldErrors?.receipt}
        kept={null}
      />
      <button type="submit" className="button" name="intent" value="house-receipt">
        Keep the booking confirmation
      </button>
      {kept ? (
        <p>
          <ReceiptLink receipt={kept} label="Open the booking confirmation" />{" "}
          <button
            type="submit"
            className="button button-secondary"
            name="intent"
            value="remove-house-receipt"
          >
            Remove it
          </button>
        </p>
      ) : null}
    </AnswerForm>
  );
}
