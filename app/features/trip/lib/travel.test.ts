import { describe, expect, it } from "vitest";
import { groupTravel, parseTravel, travelDays, type TravelRow } from "~/features/trip/lib/travel";

const days = travelDays({ start: new Date("2025-08-21T00:00:00Z"), end: new Date("2025-08-25T00:00:00Z") });
const values = {
  arrivalDay: "2025-08-21",
  arrivalPart: "time",
  arrivalTime: "18:30",
  departureDay: "2025-08-25",
  departurePart: "morning",
  departureTime: "",
  fromPlace: " Boston ",
  how: "driving",
  seats: "3",
  airport: "",
};

describe("parseTravel", () => {
  it("takes the weekend ± 3 days and nothing outside", () => {
    expect(days[0]).toBe("2025-08-18");
    expect(days.at(-1)).toBe("2025-08-28");
    expect(parseTravel(values, days).travel).toMatchObject({
      arrivalTime: "18:30",
      fromPlace: "Boston",
      seats: 3,
    });
    expect(parseTravel({ ...values, arrivalDay: "2025-08-17" }, days).fieldErrors?.arrivalDay).toBeTruthy();
    expect(
      parseTravel({ ...values, departureDay: "2025-08-29" }, days).fieldErrors?.departureDay,
    ).toBeTruthy();
    expect(parseTravel({ ...values, departureDay: "2025-08-20" }, days).fieldErrors?.departureDay).toMatch(
      /before/,
    );
  });

  it("refuses negative or fractional seats, a bad time, and flying without an airport", () => {
    for (const seats of ["-1", "1.5", "", "21", "1e1"])
      expect(parseTravel({ ...values, seats }, days).fieldErrors?.seats).toBeTruthy();
    expect(parseTravel({ ...values, arrivalTime: "24:00" }, days).fieldErrors?.arrivalTime).toBeTruthy();
    expect(parseTravel({ ...values, how: "flying" }, days).fieldErrors?.airport).toBeTruthy();
    // Seats only count for a driver.
    expect(parseTravel({ ...values, how: "ride", seats: "-4" }, days).travel?.seats).toBe(0);
  });
});

describe("groupTravel", () => {
  const row = (userId: number, name: string, extra: Partial<TravelRow>): TravelRow => ({
    ...(parseTravel(values, days).travel as TravelRow),
    userId,
    name,
    seatsTaken: 0,
    ...extra,
  });
  it("groups drivers with free seats and riders, who needs a ride, and airports by time", () => {
    const rows = [
      row(1, "Alex", { seats: 3, seatsTaken: 1 }),
      row(2, "Riley", { how: "ride" }),
      row(3, "Sam", { how: "ride" }),
      row(4, "Jo", { how: "flying", airport: "BOS", arrivalTime: "20:00" }),
      row(5, "Kim", { how: "flying", airport: "bos", arrivalTime: "09:15" }),
    ];
    const groups = groupTravel(rows, [{ id: 1, riderId: 2, driverId: 1, status: "accepted" }]);
    expect(groups.drivers).toMatchObject([{ name: "Alex", free: 2, riders: ["Riley"] }]);
    expect(groups.needRide.map((entry) => entry.name)).toEqual(["Sam"]);
    expect(groups.airports).toHaveLength(1);
    expect(groups.airports[0].arrivals.map((entry) => entry.name)).toEqual(["Kim", "Jo"]);
  });
});
