/** The results feature's pure logic and components: what another feature may use of it in any module. */
export * from "./lib/best-weekends";
export * from "./lib/results-summary";
export * from "./lib/results";
export * from "./components/attendance-columns";
export * from "./components/best-weekends";
export * from "./components/respondent-card";
export * from "./components/results-view";
export * from "./components/summary-filter";
