/** How the trip's records name a member who left: their row stays, nameless (decision 025). */
export const FORMER_MEMBER = "A former member";
