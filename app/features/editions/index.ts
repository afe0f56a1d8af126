/** The editions feature's pure logic and components: what another feature may use of it in any module. */
export * from "./lib/editions";
export * from "./lib/weekends";
export * from "./components/past-editions";
export * from "./components/past-houses";
