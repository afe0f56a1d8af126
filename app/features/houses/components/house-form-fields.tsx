import { SLIDERS, type SliderName } from "~/features/houses/lib/house-rules";
import { HOUSE_LIMITS } from "~/platform/lib/limits";
import { COUNTRY_CHOICES, REGIONS, type CountryChoice } from "~/platform/lib/states";
import type { SuggestFormValues } from "~/features/houses/lib/suggest-form";

/**
 * The fields of a house, as a member suggests it and as the organiser edits it: the listing, where
 * it is, and its rooms. `onChange` gets the fields that changed; choosing another country clears the
 * state and the other country's name.
 */
export function HouseFields({
  values,
  onChange,
  errors,
  enhanced,
  imageCheck,
  onImageBlur,
  imageOptional = false,
}: {
  values: SuggestFormValues;
  onChange: (changed: Partial<SuggestFormValues>) => void;
  errors: Record<string, string>;
  enhanced: boolean;
  /** The suggest form checks the image address on blur; until the server answers again, that check shows. */
  imageCheck?: { message?: string } | null;
  onImageBlur?: () => void;
  /** The organiser's edit of a house stored without an image may leave it empty. */
  imageOptional?: boolean;
}) {
  const text = (field: "url" | "title" | "listing_img" | "city", label: string, error = errors[field]) => (
    <div className="field">
      <label htmlFor={field}>{label}</label>
      <input
        id={field}
        name={field}
        type="text"
        value={values[field]}
        onChange={(event) => onChange({ [field]: event.target.value })}
        onBlur={field === "listing_img" ? onImageBlur : undefined}
        required={!(field === "listing_img" && imageOptional)}
        maxLength={HOUSE_LIMITS[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${field}-error` : undefined}
      />
      <FieldError id={`${field}-error`} message={error} />
    </div>
  );
  const slider = (name: SliderName) => (
    <>
      <Slider
        name={name}
        value={values[name]}
        onChange={(value) => onChange({ [name]: value })}
        enhanced={enhanced}
      />
      <FieldError id={`${name}-error`} message={errors[name]} />
    </>
  );
  return (
    <>
      {text("url", "Listing URL")}
      {text("title", "Title")}
      {text("listing_img", "Image URL", imageCheck ? imageCheck.message : errors.listing_img)}
      <CountrySelect
        value={values.countryChoice}
        onChange={(choice) => onChange({ countryChoice: choice, state: "", otherCountry: "" })}
      />
      {!enhanced || values.countryChoice === "Other" ? (
        <div className="field other-country-field">
          <label htmlFor="otherCountry">
            Country name
            {enhanced ? null : <span className="when-no-has"> (only for Other)</span>}
          </label>
          <input
            id="otherCountry"
            name="otherCountry"
            type="text"
            value={values.otherCountry}
            onChange={(event) => onChange({ otherCountry: event.target.value })}
            maxLength={HOUSE_LIMITS.country}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? "otherCountry-error" : undefined}
          />
          <FieldError id="otherCountry-error" message={errors.country} />
        </div>
      ) : null}
      {text("city", "City")}
      <StateSelect
        country={values.countryChoice}
        value={values.state}
        onChange={(state) => onChange({ state })}
        enhanced={enhanced}
        error={errors.state}
      />
      {slider("num_bedrooms")}
      {slider("num_beds")}
      {slider("num_baths")}
    </>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}

/**
 * A range input with a live readout once scripts run. Without JS a readout could not follow the
 * thumb, so the field is a number input: the value shown is always the value posted.
 */
export function Slider({
  name,
  value,
  onChange,
  enhanced,
}: {
  name: SliderName;
  value: string;
  onChange: (value: string) => void;
  enhanced: boolean;
}) {
  const { label, min, max, step } = SLIDERS[name];
  return (
    <div className="field slider-field">
      <label htmlFor={name}>
        {label} ({min}-{max})
      </label>
      <div className="slider-row">
        <input
          id={name}
          name={name}
          type={enhanced ? "range" : "number"}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {enhanced ? (
          <output htmlFor={name} aria-live="polite">
            {value}
          </output>
        ) : null}
      </div>
    </div>
  );
}

const REGION_COUNTRIES = Object.keys(REGIONS) as Array<keyof typeof REGIONS>;

const COUNTRY_LABELS: Record<CountryChoice, string> = {
  USA: "USA",
  Canada: "Canada",
  Mexico: "Mexico",
  Other: "Other",
};

export function CountrySelect({
  value,
  onChange,
}: {
  value: CountryChoice;
  onChange: (value: CountryChoice) => void;
}) {
  return (
    <div className="field">
      <label htmlFor="countryChoice">Country</label>
      <select
        id="countryChoice"
        name="countryChoice"
        value={value}
        onChange={(event) => onChange(event.target.value as CountryChoice)}
      >
        {COUNTRY_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {COUNTRY_LABELS[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * With JS: only the chosen country's states. Without JS the country can change without a round
 * trip, so every state is listed, grouped by country; CSS (houses.css) shows only the chosen
 * country's group, hides the field for Other, and says at once when the state chosen belongs to
 * another country. The server checks the pair either way.
 */
export function StateSelect({
  country,
  value,
  onChange,
  enhanced,
  error,
}: {
  country: CountryChoice;
  value: string;
  onChange: (value: string) => void;
  enhanced: boolean;
  error?: string;
}) {
  if (enhanced && country === "Other") return null;
  const groups = enhanced && country !== "Other" ? [country] : REGION_COUNTRIES;
  return (
    <div className="field state-field">
      <label htmlFor="state">
        State / Province
        {enhanced ? null : <span className="when-no-has"> (not needed for Other)</span>}
      </label>
      <select
        id="state"
        name="state"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "state-error" : undefined}
      >
        <option value="">Choose…</option>
        {groups.length === 1
          ? REGIONS[groups[0]].map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))
          : groups.map((group) => (
              <optgroup key={group} label={group}>
                {REGIONS[group].map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </optgroup>
            ))}
      </select>
      <FieldError id="state-error" message={error} />
      {/* The server's own message, once there is one, says it: not a second time. */}
      {enhanced || error
        ? null
        : REGION_COUNTRIES.map((other) => (
            <p key={other} className={`field-error state-mismatch state-mismatch-${other}`}>
              That state or province is not in {other}: choose one of {other}&apos;s.
            </p>
          ))}
    </div>
  );
}
