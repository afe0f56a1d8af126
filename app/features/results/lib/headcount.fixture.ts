const shirts = (self: string, boo = "", child = "") => ({ self, boo, child });

/** Hand-counted below: six surveys, one a "no" (counts nowhere), one stored as JSON text. */
export const FIXTURE = [
  {
    name: "Ana",
    attending: "yes",
    extra_guests: { boo: true, child: true },
    share_room: "yes",
    sober: "yes",
    shirt_size: shirts("m", "l", "xs"),
  },
  {
    name: "Bo",
    attending: "yes",
    extra_guests: { boo: false, child: false },
    share_room: "yes",
    sober: "no",
    shirt_size: shirts("m", "xl"),
  },
  {
    name: "Cy",
    attending: "yes",
    extra_guests: { boo: false, child: false },
    share_room: "no",
    sober: "yes",
    shirt_size: shirts("s"),
  },
  {
    name: "Di",
    attending: "maybe",
    extra_guests: '{"boo":true,"child":false}',
    share_room: "no",
    sober: "",
    shirt_size: '{"self":"l","boo":"l","child":"s"}',
  },
  {
    name: "Ed",
    attending: "maybe",
    extra_guests: { boo: false, child: false },
    share_room: "yes",
    sober: "no",
    shirt_size: shirts("2xl"),
  },
  {
    name: "Fay",
    attending: "no",
    extra_guests: { boo: true, child: true },
    share_room: "yes",
    sober: "yes",
    shirt_size: shirts("m", "m", "m"),
  },
];
