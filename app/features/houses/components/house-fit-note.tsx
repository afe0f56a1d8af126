import { houseFit, type ExpectedGroup } from "~/features/houses/lib/house-fit";

/** How a house fits the expected group, in words (the verdict leads, so colour is never needed). */
export function HouseFitNote({
  house,
  group,
}: {
  house: { num_beds: number; num_bedrooms: number };
  group: ExpectedGroup;
}) {
  const fit = houseFit(house, group);
  return (
    <p className={`house-fit house-fit-${fit.verdict.replace(" ", "-")}`} data-fit={fit.verdict}>
      {fit.text}
    </p>
  );
}
