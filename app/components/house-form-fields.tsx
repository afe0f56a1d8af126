import { SLIDERS, type SliderName } from "~/lib/house-rules";
import { COUNTRY_CHOICES, REGIONS, type CountryChoice } from "~/lib/states";

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
      {enhanced
        ? null
        : REGION_COUNTRIES.map((other) => (
            <p key={other} className={`field-error state-mismatch state-mismatch-${other}`}>
              That state or province is not in {other}: choose one of {other}&apos;s.
            </p>
          ))}
    </div>
  );
}
