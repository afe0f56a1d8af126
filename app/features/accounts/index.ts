/** The accounts feature's pure logic and components: what another feature may use of it in any module. */
export * from "./lib/auth-forms";
export * from "./lib/auth-limits";
export * from "./components/reset-password-form";
