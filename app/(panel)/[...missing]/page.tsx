import { notFound } from "next/navigation";

/** Any address of the panel that matches no page: the 404 inside the app frame. */
export default function MissingPage() {
  notFound();
}
