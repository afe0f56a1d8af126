/** The houses feature's pure logic and components: what another feature may use of it in any module. */
export * from "./lib/house-edit";
export * from "./lib/house-fit";
export * from "./lib/house-photo";
export * from "./lib/house-rules";
export * from "./lib/house-schema";
export * from "./lib/money-schema";
export * from "./lib/money";
export * from "./lib/suggest-form";
export * from "./lib/suggest-limits";
export * from "./components/house-card";
export * from "./components/house-fit-note";
export * from "./components/house-form-fields";
export * from "./components/house-photo";
export * from "./components/house-vote";
export * from "./components/house-votes-script";
export * from "./components/organiser-controls";
export * from "./components/price-note";
