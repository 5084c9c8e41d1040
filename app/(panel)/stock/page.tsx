import { pageMetadata } from "@/lib/page-metadata";
import { StockList } from "./stock-list";

export const generateMetadata = () => pageMetadata("stock.title");

export default function StockPage() {
  return <StockList />;
}
