import { data } from "react-router";

/** A real 404 status, rendered by the site layout's boundary. */
export function loader() {
  throw data("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
