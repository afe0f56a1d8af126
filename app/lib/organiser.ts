/** What a member who is not an organiser sees on organiser pages (server and client render it alike). */
export const ORGANISERS_ONLY = "Only organisers can open this page.";
