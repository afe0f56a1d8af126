/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch types loaders and actions by what they return (Remix v3 / React Router 7 behaviour).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
